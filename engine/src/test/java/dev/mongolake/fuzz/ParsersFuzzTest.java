package dev.mongolake.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.bson.FuzzSeed;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random filters, sorts, projections, updates, replacements and pipelines, valid and broken, of
 * every BSON type and nested past MongoDB's limits, through the embedded API: each either works or
 * fails with a {@link MongoLakeException} (which the server answers with MongoDB's code); nothing
 * else escapes (no NullPointerException, ClassCastException, StackOverflowError), and the lake
 * keeps serving.
 *
 * <p>{@value #DEFAULT_CASES} cases by default; {@code -Dmongolake.fuzz.cases=N} runs more and
 * {@code -Dmongolake.fuzz.seed=S} replays a run, {@code random} explores (README, "Development").
 */
class ParsersFuzzTest {

  static final int DEFAULT_CASES = 100_000;

  @TempDir Path root;

  @Test
  void everyRandomRequestWorksOrFailsWithAMongoDbError() {
    long seed = FuzzSeed.get();
    int cases = Integer.getInteger("mongolake.fuzz.cases", DEFAULT_CASES);
    RandomBson random = new RandomBson(seed);
    List<String> escaped = new ArrayList<>();
    int refused = 0;
    try (MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults()
                .withPath(root)
                .withTables("memory://")
                .withDurability(Durability.ASYNC))) {
      MongoLakeCollection<BsonDocument> items =
          lake.db("fuzz").collection("items", BsonDocument.class);
      for (int i = 0; i < 20; i++) {
        items.insertOne(
            new BsonDocument("_id", new BsonInt32(i))
                .append("a", new BsonInt32(i % 5))
                .append(
                    "b", new BsonDocument("c", new org.bson.BsonArray(List.of(new BsonInt32(i))))));
      }
      for (int i = 0; i < cases && escaped.size() < 5; i++) {
        try {
          runOne(items, random);
        } catch (MongoLakeException expected) {
          refused++;
        } catch (Throwable e) {
          escaped.add("case " + i + ": " + e + " at " + where(e));
        }
      }
      assertThat(escaped).as("seed %d: failures that are not MongoDB errors", seed).isEmpty();
      assertThat(refused).as("the generator reaches the error paths").isPositive();
      items.insertOne(new BsonDocument("_id", new BsonInt32(-1)));
      assertThat(items.find(new BsonDocument("_id", new BsonInt32(-1))).first()).isNotNull();
    }
  }

  /** The first frames of {@code e}: enough to find the code that let it escape. */
  private static String where(Throwable e) {
    return java.util.Arrays.stream(e.getStackTrace())
        .limit(8)
        .map(StackTraceElement::toString)
        .collect(java.util.stream.Collectors.joining(" < "));
  }

  private static void runOne(MongoLakeCollection<BsonDocument> items, RandomBson random) {
    BsonDocument filter =
        random.random().nextInt(50) == 0
            ? random.deep(90 + random.random().nextInt(250))
            : random.document(4);
    switch (random.random().nextInt(6)) {
      case 0 -> consume(items.find(filter).sort(random.document(2)).iterator());
      case 1 -> consume(items.find(filter).projection(random.document(3)).iterator());
      case 2 -> items.updateOne(filter, updateOf(random));
      case 3 ->
          items.replaceOne(
              new BsonDocument("_id", new BsonInt32(random.random().nextInt(30))),
              random.document(3));
      case 4 -> consume(items.aggregate(pipelineOf(random)));
      default -> items.countDocuments(filter);
    }
  }

  private static BsonDocument updateOf(RandomBson random) {
    BsonDocument update = new BsonDocument();
    int operators = 1 + random.random().nextInt(2);
    for (int i = 0; i < operators; i++) {
      String operator = random.name();
      BsonValue argument = random.random().nextBoolean() ? random.document(3) : random.value(2);
      update.put(operator, argument);
    }
    return update;
  }

  private static List<BsonDocument> pipelineOf(RandomBson random) {
    List<BsonDocument> pipeline = new ArrayList<>();
    int stages = random.random().nextInt(4);
    for (int i = 0; i < stages; i++) {
      pipeline.add(new BsonDocument(random.name(), random.value(3)));
    }
    return pipeline;
  }

  private static void consume(MongoLakeCursor<BsonDocument> cursor) {
    try (cursor) {
      for (int i = 0; i < 25 && cursor.hasNext(); i++) {
        cursor.next();
      }
    }
  }
}
