package dev.mongolake.delta.parquet;

import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Write throughput of {@link DocumentFileWriter} (Variant + typed {@code _id} + promoted columns +
 * statistics + bloom filter) against a bare parquet-java loop that writes the same documents as
 * {@code _id}, raw BSON bytes and the same promoted scalars, same codec and row group size, to the
 * same storage. Prints numbers; asserts nothing about time. Run by hand:
 *
 * <pre>./mvnw -B -q -pl deltalake test -Dtest=DocumentWriteBenchmark -Dbenchmark=true</pre>
 *
 * and read {@code target/surefire-reports/*DocumentWriteBenchmark-output.txt}.
 */
@EnabledIfSystemProperty(named = "benchmark", matches = "true")
class DocumentWriteBenchmark {
  private static final int DOCUMENTS = Integer.getInteger("benchmark.documents", 100_000);
  private static final int ROUNDS = Integer.getInteger("benchmark.rounds", 5);
  private static final DocumentSchema SCHEMA =
      DocumentSchema.parse(
          BsonDocument.parse("{email: 'string', age: 'int', createdAt: 'timestamp'}"));

  @Test
  void documentWriterAgainstABareParquetLoop() throws IOException {
    List<RawBsonDocument> documents = documents(DOCUMENTS);
    long bytes = documents.stream().mapToLong(d -> d.getByteBuffer().remaining()).sum();
    System.out.printf(
        "BENCH %d documents, %.0f bytes average BSON%n", DOCUMENTS, (double) bytes / DOCUMENTS);
    writeDocuments(documents.subList(0, DOCUMENTS / 5));
    writeBare(documents.subList(0, DOCUMENTS / 5));
    List<Double> ratios = new ArrayList<>();
    for (int round = 1; round <= ROUNDS; round++) {
      // Alternate which side runs first so that load spikes and GC debt hit both alike.
      long ours;
      long bare;
      if (round % 2 == 0) {
        bare = writeBare(documents);
        ours = writeDocuments(documents);
      } else {
        ours = writeDocuments(documents);
        bare = writeBare(documents);
      }
      ratios.add((double) bare / ours);
      System.out.printf(
          "BENCH round %d: document writer %d ms (%.0f docs/s), bare loop %d ms (%.0f docs/s),"
              + " ratio %.2f%n",
          round,
          ours / 1_000_000,
          DOCUMENTS * 1e9 / ours,
          bare / 1_000_000,
          DOCUMENTS * 1e9 / bare,
          (double) bare / ours);
    }
    ratios.sort(null);
    System.out.printf(
        "BENCH median ratio %.2f over %d rounds%n", ratios.get(ratios.size() / 2), ROUNDS);
  }

  private static long writeDocuments(List<RawBsonDocument> documents) {
    try (Storage storage = new MemoryStorage()) {
      long start = System.nanoTime();
      try (DocumentFileWriter writer =
          DocumentFileWriter.open(
              storage, "bench", DocumentWriteOptions.defaults().withSchema(SCHEMA))) {
        documents.forEach(writer::write);
        writer.finish();
      }
      return System.nanoTime() - start;
    }
  }

  private static long writeBare(List<RawBsonDocument> documents) throws IOException {
    try (Storage storage = new MemoryStorage()) {
      long start = System.nanoTime();
      try (ParquetWriter<RawBsonDocument> writer =
          ParquetFiles.writer(
              storage,
              "bench/bare.parquet",
              new BareWriteSupport(),
              ParquetWriteOptions.defaults())) {
        for (RawBsonDocument document : documents) {
          writer.write(document);
        }
      }
      return System.nanoTime() - start;
    }
  }

  /** The least a Parquet file of these documents must do: id, BSON bytes, three scalars. */
  private static final class BareWriteSupport extends WriteSupport<RawBsonDocument> {
    private static final MessageType SCHEMA =
        MessageTypeParser.parseMessageType(
            "message bare { required binary _id (STRING); required binary bson;"
                + " optional binary email (STRING); optional int32 age;"
                + " optional int64 createdAt (TIMESTAMP(MICROS,true)); }");
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
    public void write(RawBsonDocument document) {
      var buffer = document.getByteBuffer();
      byte[] bson = new byte[buffer.remaining()];
      buffer.get(bson);
      consumer.startMessage();
      consumer.startField("_id", 0);
      consumer.addBinary(Binary.fromString(document.getObjectId("_id").getValue().toHexString()));
      consumer.endField("_id", 0);
      consumer.startField("bson", 1);
      consumer.addBinary(Binary.fromConstantByteArray(bson));
      consumer.endField("bson", 1);
      consumer.startField("email", 2);
      consumer.addBinary(Binary.fromString(document.getString("email").getValue()));
      consumer.endField("email", 2);
      consumer.startField("age", 3);
      consumer.addInteger(document.getInt32("age").getValue());
      consumer.endField("age", 3);
      consumer.startField("createdAt", 4);
      consumer.addLong(document.getDateTime("createdAt").getValue() * 1000);
      consumer.endField("createdAt", 4);
      consumer.endMessage();
    }
  }

  /** About 1 KiB each: every common BSON type, a nested document, an array and free text. */
  static List<RawBsonDocument> documents(int count) {
    Random random = new Random(42);
    BsonDocumentCodec codec = new BsonDocumentCodec();
    List<RawBsonDocument> documents = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      BsonDocument document =
          new BsonDocument("_id", new BsonObjectId(new ObjectId()))
              .append("name", new BsonString("User " + i))
              .append("email", new BsonString("user" + i + "@example.com"))
              .append("age", new BsonInt32(18 + random.nextInt(60)))
              .append("score", new BsonDouble(random.nextDouble() * 100))
              .append("visits", new BsonInt64(random.nextLong(1_000_000)))
              .append("active", BsonBoolean.valueOf(random.nextBoolean()))
              .append(
                  "price",
                  new BsonDecimal128(
                      new Decimal128(java.math.BigDecimal.valueOf(random.nextInt(100_000), 2))))
              .append(
                  "createdAt", new BsonDateTime(1_700_000_000_000L + random.nextInt(1_000_000_000)))
              .append(
                  "address",
                  new BsonDocument("street", new BsonString(random.nextInt(999) + " Main Street"))
                      .append("city", new BsonString("City " + random.nextInt(500)))
                      .append(
                          "zip", new BsonString(String.format("%05d", random.nextInt(100_000)))))
              .append(
                  "tags",
                  new BsonArray(
                      List.of(
                          new BsonString("t" + random.nextInt(20)),
                          new BsonString("t" + random.nextInt(20)),
                          new BsonString("t" + random.nextInt(20)))))
              .append("bio", new BsonString(text(random, 640)));
      documents.add(new RawBsonDocument(document, codec));
    }
    return documents;
  }

  private static String text(Random random, int length) {
    String[] words = {"lake", "parquet", "document", "delta", "mongo", "query", "index", "fast"};
    StringBuilder text = new StringBuilder(length + 10);
    while (text.length() < length) {
      text.append(words[random.nextInt(words.length)]).append(random.nextInt(100)).append(' ');
    }
    return text.toString();
  }
}
