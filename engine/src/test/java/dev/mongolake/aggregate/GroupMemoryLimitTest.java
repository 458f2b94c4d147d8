package dev.mongolake.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code $group} (and {@code $bucket}, {@code $sortByCount}) over its memory limit goes on by
 * sorting rows by key (allowDiskUse), with the same groups as in memory, or fails as MongoDB's does
 * without disk use.
 */
class GroupMemoryLimitTest {

  @TempDir Path spill;

  private AggregationEnvironment environment(long limit, boolean allowDiskUse) {
    return new LimitedMemoryEnvironment(limit, allowDiskUse, spill);
  }

  /** Keys 0..299 as Int32, Int64 and Double in turn (one group each), a missing x now and then. */
  private static List<BsonDocument> input(int count) {
    List<BsonDocument> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int k = (i * 7919) % 300;
      BsonValue key =
          switch (i % 3) {
            case 0 -> new BsonInt32(k);
            case 1 -> new BsonInt64(k);
            default -> new BsonDouble(k);
          };
      BsonDocument document = new BsonDocument("i", new BsonInt32(i)).append("k", key);
      if (i % 11 != 0) {
        document.append("x", new BsonInt32(i % 7));
      }
      out.add(document.append("pad", new org.bson.BsonString("p" + (i % 5))));
    }
    return out;
  }

  private static final List<BsonDocument> EVERY_ACCUMULATOR =
      List.of(
          BsonDocument.parse(
              "{$group: {_id: '$k', n: {$sum: 1}, total: {$sum: '$x'}, mean: {$avg: '$x'},"
                  + " first: {$first: '$x'}, last: {$last: '$x'}, all: {$push: '$x'},"
                  + " set: {$addToSet: '$pad'}, firstTwo: {$firstN: {n: 2, input: '$i'}},"
                  + " lastTwo: {$lastN: {n: 2, input: '$i'}}, low: {$min: '$i'},"
                  + " top: {$top: {sortBy: {i: -1}, output: '$i'}}}}"));

  private static List<BsonDocument> run(
      List<BsonDocument> stages, List<BsonDocument> input, AggregationEnvironment environment) {
    List<BsonDocument> out = new ArrayList<>();
    try (Pipeline pipeline = Pipeline.parse(stages, environment)) {
      pipeline.run(input.iterator()).forEachRemaining(out::add);
    }
    return out;
  }

  private static List<BsonDocument> byId(List<BsonDocument> documents) {
    List<BsonDocument> sorted = new ArrayList<>(documents);
    sorted.sort(Comparator.comparing(d -> d.get("_id"), BsonComparisonOrder.INSTANCE));
    return sorted;
  }

  private static long filesUnder(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).count();
    }
  }

  @Test
  void aSpilledGroupHasTheInMemoryGroupsWithTheirOrderWithinEachGroup() throws IOException {
    List<BsonDocument> documents = input(6_000);
    List<BsonDocument> expected =
        run(EVERY_ACCUMULATOR, documents, environment(100L * 1024 * 1024, false));
    assertThat(expected).hasSize(300);

    List<BsonDocument> actual = new ArrayList<>();
    try (Pipeline spilling = Pipeline.parse(EVERY_ACCUMULATOR, environment(40_000, true))) {
      Iterator<BsonDocument> results = spilling.run(documents.iterator());
      actual.add(results.next());
      assertThat(filesUnder(spill)).isGreaterThan(5);
      results.forEachRemaining(actual::add);
    }
    assertThat(filesUnder(spill)).isZero();
    // Same documents, _id types included (the first value seen of each group).
    assertThat(actual).hasSize(300).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(actual).isEqualTo(byId(actual));
  }

  @Test
  void spilledGroupsKeepInt32Int64AndDoubleKeysAsOneGroupWithTheFirstSeenId() {
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      documents.add(
          new BsonDocument("k", i % 2 == 0 ? new BsonInt64(i % 40) : new BsonDouble(i % 40))
              .append("i", new BsonInt32(i)));
    }
    List<BsonDocument> stages =
        List.of(BsonDocument.parse("{$group: {_id: '$k', first: {$first: '$i'}, n: {$sum: 1}}}"));
    List<BsonDocument> actual = run(stages, documents, environment(4_000, true));
    assertThat(actual).hasSize(40);
    assertThat(actual.getFirst())
        .isEqualTo(BsonDocument.parse("{_id: {$numberLong: '0'}, first: 0, n: 50}"));
    assertThat(actual.get(1)).isEqualTo(BsonDocument.parse("{_id: 1.0, first: 1, n: 50}"));
  }

  @Test
  void spilledDocumentKeysWithFieldsInAnotherOrderAndArrayKeysStayApart() {
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 3_000; i++) {
      String key =
          switch (i % 4) {
            case 0 -> "{a: 1, b: 2}";
            case 1 -> "{b: 2, a: 1}";
            case 2 -> "[1, 5]";
            default -> "[1, 7]";
          };
      documents.add(
          BsonDocument.parse("{k: " + key + ", i: " + i + ", pad: 'p" + (i % 500) + "'}"));
    }
    List<BsonDocument> stages =
        List.of(
            BsonDocument.parse(
                "{$group: {_id: '$k', n: {$sum: 1}, pads: {$addToSet: '$pad'}, last: {$last:"
                    + " '$i'}}}"));
    List<BsonDocument> expected = run(stages, documents, environment(100L << 20, false));
    List<BsonDocument> actual = run(stages, documents, environment(20_000, true));
    assertThat(expected).hasSize(4);
    assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void withoutDiskUseAGroupOverTheLimitFailsWithMongoDbsMessage() {
    assertThatThrownBy(() -> run(EVERY_ACCUMULATOR, input(6_000), environment(40_000, false)))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e ->
                assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED))
        .hasMessage(
            "Exceeded memory limit for $group, but didn't allow external sort. Pass"
                + " allowDiskUse:true to opt in.");
  }

  @Test
  void aFewGroupsOverManyDocumentsStayInMemoryInOrderOfFirstAppearance() {
    List<BsonDocument> actual =
        run(
            List.of(BsonDocument.parse("{$group: {_id: {$mod: ['$i', 3]}, n: {$sum: 1}}}")),
            input(20_000),
            environment(4_000, false));
    assertThat(actual)
        .containsExactly(
            BsonDocument.parse("{_id: 0, n: 6667}"),
            BsonDocument.parse("{_id: 1, n: 6667}"),
            BsonDocument.parse("{_id: 2, n: 6666}"));
  }

  @Test
  void aSpilledBucketAndSortByCountEqualTheirInMemoryResults() {
    List<BsonDocument> documents = input(6_000);
    List<BsonDocument> bucket =
        List.of(
            BsonDocument.parse(
                "{$bucket: {groupBy: '$i', boundaries: [0, 1000, 3000, 6000],"
                    + " output: {all: {$push: '$i'}}}}"));
    assertThat(run(bucket, documents, environment(30_000, true)))
        .isEqualTo(run(bucket, documents, environment(100L << 20, false)));
    List<BsonDocument> sortByCount = List.of(BsonDocument.parse("{$sortByCount: '$x'}"));
    List<BsonDocument> byPad = List.of(BsonDocument.parse("{$sortByCount: '$i'}"));
    assertThat(run(sortByCount, documents, environment(2_000, true)))
        .isEqualTo(run(sortByCount, documents, environment(100L << 20, false)));
    assertThat(run(byPad, documents, environment(30_000, true)))
        .containsExactlyInAnyOrderElementsOf(run(byPad, documents, environment(100L << 20, false)));
  }

  @Test
  void withoutDiskUseABucketOverTheLimitFailsAsTheGroupItIsInMongoDb() {
    List<BsonDocument> bucket =
        List.of(
            BsonDocument.parse(
                "{$bucket: {groupBy: '$i', boundaries: [0, 6000], output: {all: {$push: '$i'}}}}"));
    assertThatThrownBy(() -> run(bucket, input(6_000), environment(30_000, false)))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage(
            "Exceeded memory limit for $group, but didn't allow external sort. Pass"
                + " allowDiskUse:true to opt in.");
  }
}
