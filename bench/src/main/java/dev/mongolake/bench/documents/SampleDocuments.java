package dev.mongolake.bench.documents;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/** Deterministic documents of about 1 KiB: common BSON types, a sub-document, an array, text. */
public final class SampleDocuments {

  private static final String[] WORDS = {
    "lake", "parquet", "document", "delta", "mongo", "query", "index", "fast"
  };

  private SampleDocuments() {}

  /** {@code count} documents from {@code seed}; the same seed gives the same documents. */
  public static List<BsonDocument> generate(int count, long seed) {
    Random random = new Random(seed);
    List<BsonDocument> documents = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      documents.add(one(random, i));
    }
    return documents;
  }

  /**
   * The same documents as {@link #generate}, handed to {@code sink} in batches of {@code batchSize}
   * without holding them all: for loads larger than the heap.
   */
  public static void generate(
      int count, long seed, int batchSize, java.util.function.Consumer<List<BsonDocument>> sink) {
    Random random = new Random(seed);
    List<BsonDocument> batch = new ArrayList<>(batchSize);
    for (int i = 0; i < count; i++) {
      batch.add(one(random, i));
      if (batch.size() == batchSize || i == count - 1) {
        sink.accept(batch);
        batch = new ArrayList<>(batchSize);
      }
    }
  }

  private static BsonDocument one(Random random, int i) {
    return new BsonDocument("_id", new BsonObjectId(new ObjectId()))
        .append("name", new BsonString("User " + i))
        .append("email", new BsonString("user" + i + "@example.com"))
        .append("age", new BsonInt32(18 + random.nextInt(60)))
        .append("score", new BsonDouble(random.nextDouble() * 100))
        .append("visits", new BsonInt64(random.nextLong(1_000_000)))
        .append("active", BsonBoolean.valueOf(random.nextBoolean()))
        .append(
            "price",
            new BsonDecimal128(new Decimal128(BigDecimal.valueOf(random.nextInt(100_000), 2))))
        .append("createdAt", new BsonDateTime(1_700_000_000_000L + random.nextInt(1_000_000_000)))
        .append(
            "address",
            new BsonDocument("street", new BsonString(random.nextInt(999) + " Main Street"))
                .append("city", new BsonString("City " + random.nextInt(500)))
                .append("zip", new BsonString(String.format("%05d", random.nextInt(100_000)))))
        .append(
            "tags",
            new BsonArray(
                List.of(
                    new BsonString("t" + random.nextInt(20)),
                    new BsonString("t" + random.nextInt(20)))))
        .append("bio", new BsonString(text(random, 640)));
  }

  private static String text(Random random, int length) {
    StringBuilder text = new StringBuilder(length + 10);
    while (text.length() < length) {
      text.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(100)).append(' ');
    }
    return text.toString();
  }
}
