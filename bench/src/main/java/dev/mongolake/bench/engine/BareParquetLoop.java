package dev.mongolake.bench.engine;

import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * The raw limit for writing documents as Parquet: a bare parquet-java loop writing each document's
 * {@code _id} and BSON bytes, with the same codec and row-group size the engine uses, to the same
 * disk. No log, no buffer, no statistics, no Delta commit.
 */
final class BareParquetLoop {

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  private BareParquetLoop() {}

  /** Writes the documents to {@code dir/bare.parquet}; returns the elapsed nanoseconds. */
  static long write(Path dir, List<BsonDocument> documents) {
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      long start = System.nanoTime();
      try (ParquetWriter<BsonDocument> writer =
          ParquetFiles.writer(
              storage, "bare.parquet", new BareWriteSupport(), ParquetWriteOptions.defaults())) {
        for (BsonDocument document : documents) {
          writer.write(document);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return System.nanoTime() - start;
    }
  }

  private static final class BareWriteSupport extends WriteSupport<BsonDocument> {
    private static final MessageType SCHEMA =
        MessageTypeParser.parseMessageType(
            "message bare { required binary _id; required binary bson; }");
    private RecordConsumer consumer;

    @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
    @Override
    public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
      return new WriteContext(SCHEMA, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
      return new WriteContext(SCHEMA, Map.of());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      consumer = recordConsumer;
    }

    @Override
    public void write(BsonDocument document) {
      ByteBuffer buffer = new RawBsonDocument(document, CODEC).getByteBuffer().asNIO();
      byte[] bson = new byte[buffer.remaining()];
      buffer.get(bson);
      consumer.startMessage();
      consumer.startField("_id", 0);
      consumer.addBinary(
          Binary.fromConstantByteArray(document.getObjectId("_id").getValue().toByteArray()));
      consumer.endField("_id", 0);
      consumer.startField("bson", 1);
      consumer.addBinary(Binary.fromConstantByteArray(bson));
      consumer.endField("bson", 1);
      consumer.endMessage();
    }
  }
}
