package dev.mongolake.bench.documents;

import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.storage.Storage;
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
 * {@code _id} and BSON bytes (and, when asked, the scalars a document writer would promote: {@code
 * email}, {@code age}, {@code createdAt}), with the same codec and row-group size, to the same
 * storage. No Variant encoding, no statistics, no bloom filter, no log, no Delta commit.
 */
public final class BareParquetLoop {

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  private BareParquetLoop() {}

  /** Writes the documents to {@code dir/bare.parquet}; returns the elapsed nanoseconds. */
  public static long write(Path dir, List<BsonDocument> documents) {
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      return write(storage, documents, false);
    }
  }

  /**
   * Writes the documents to {@code bare.parquet} in {@code storage}, with the promoted scalars when
   * {@code promoted}; returns the elapsed nanoseconds.
   */
  public static long write(Storage storage, List<BsonDocument> documents, boolean promoted) {
    long start = System.nanoTime();
    try (ParquetWriter<BsonDocument> writer =
        ParquetFiles.writer(
            storage,
            "bare.parquet",
            new BareWriteSupport(promoted),
            ParquetWriteOptions.defaults())) {
      for (BsonDocument document : documents) {
        writer.write(document);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return System.nanoTime() - start;
  }

  private static final class BareWriteSupport extends WriteSupport<BsonDocument> {
    private static final MessageType PLAIN =
        MessageTypeParser.parseMessageType(
            "message bare { required binary _id; required binary bson; }");
    private static final MessageType PROMOTED =
        MessageTypeParser.parseMessageType(
            "message bare { required binary _id; required binary bson;"
                + " optional binary email (STRING); optional int32 age;"
                + " optional int64 createdAt (TIMESTAMP(MICROS,true)); }");
    private final boolean promoted;
    private RecordConsumer consumer;

    BareWriteSupport(boolean promoted) {
      this.promoted = promoted;
    }

    @Deprecated // the Hadoop-typed overload parquet-java still declares abstract
    @Override
    public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
      return new WriteContext(promoted ? PROMOTED : PLAIN, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
      return new WriteContext(promoted ? PROMOTED : PLAIN, Map.of());
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
      if (promoted) {
        consumer.startField("email", 2);
        consumer.addBinary(Binary.fromString(document.getString("email").getValue()));
        consumer.endField("email", 2);
        consumer.startField("age", 3);
        consumer.addInteger(document.getInt32("age").getValue());
        consumer.endField("age", 3);
        consumer.startField("createdAt", 4);
        consumer.addLong(document.getDateTime("createdAt").getValue() * 1000);
        consumer.endField("createdAt", 4);
      }
      consumer.endMessage();
    }
  }
}
