package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLakeCursor;
import dev.mongolake.Namespace;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * How big one collection is.
 *
 * @param count documents visible now (table and buffer merged)
 * @param dataSize the sum of the documents' BSON sizes: MongoDB's uncompressed {@code size}. An
 *     estimate of what the data costs, since the tables store it compressed in Parquet
 * @param storageSize bytes of the collection's table folder on disk
 */
record CollectionSize(long count, long dataSize, long storageSize) {

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  /** Scans the collection once; a collection that does not exist measures zero. */
  static CollectionSize measure(LakeCollections lake, Namespace namespace) {
    long count = 0;
    long bytes = 0;
    try (MongoLakeCursor<BsonDocument> documents = lake.collection(namespace).find().iterator()) {
      while (documents.hasNext()) {
        count++;
        bytes += bsonSize(documents.next());
      }
    }
    return new CollectionSize(count, bytes, lake.tableBytes(namespace));
  }

  /** Average document size in bytes, 0 for an empty collection (MongoDB's {@code avgObjSize}). */
  long averageObjectSize() {
    return count == 0 ? 0 : dataSize / count;
  }

  private static long bsonSize(BsonDocument document) {
    return document instanceof RawBsonDocument raw
        ? raw.getByteBuffer().remaining()
        : new RawBsonDocument(document, CODEC).getByteBuffer().remaining();
  }
}
