package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver, against a server whose lake limits each blocking stage to 64
 * KiB: a {@code $group} over more than that spills with {@code allowDiskUse} (the default, as in
 * MongoDB 6+) and fails with QueryExceededMemoryLimitNoDiskUseAllowed without it, as do the sorts
 * of {@code $setWindowFields} and {@code $bucketAuto}; a {@code $push} past 100 MiB fails with
 * ExceededMemoryLimit either way. A find's sort keeps to the same limit.
 */
class MemoryLimitsWithJavaDriverTest {

  private static final int DOCUMENTS = 2_000;

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> orders;

  @BeforeEach
  void start() {
    // The server opens its lake from MongoLakeOptions.defaults(), which read the property once.
    System.setProperty(MongoLakeOptions.AGGREGATION_MEMORY_LIMIT_PROPERTY, "65536");
    try {
      server =
          MongoLakeServer.start(
              new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
              "test");
    } finally {
      System.clearProperty(MongoLakeOptions.AGGREGATION_MEMORY_LIMIT_PROPERTY);
    }
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    orders = client.getDatabase("app").getCollection("orders");
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < DOCUMENTS; i++) {
      documents.add(
          new Document("_id", i)
              .append("customer", "c" + (i % 500))
              .append("amount", i % 2 == 0 ? (Object) (i % 10) : (Object) (long) (i % 10))
              .append("note", "order number " + i));
    }
    orders.insertMany(documents);
    server.lake().flush();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private static List<Document> group() {
    return List.of(
        Document.parse(
            "{$group: {_id: '$customer', total: {$sum: '$amount'}, first: {$first: '$_id'},"
                + " notes: {$push: '$note'}}}"));
  }

  @Test
  void aGroupOverTheLimitSpillsWithAllowDiskUseAndKeepsEachGroupsOrder() {
    List<Document> groups = orders.aggregate(group()).allowDiskUse(true).into(new ArrayList<>());
    assertThat(groups).hasSize(500);
    Document c7 =
        groups.stream().filter(g -> g.getString("_id").equals("c7")).findFirst().orElseThrow();
    assertThat(c7.getInteger("first")).isEqualTo(7);
    assertThat(c7.getList("notes", String.class))
        .containsExactly(
            "order number 7", "order number 507", "order number 1007", "order number 1507");
    // Int32 and Int64 amounts sum to an Int64, as in MongoDB.
    assertThat(c7.get("total")).isEqualTo(28L);
    // Without the option the command allows disk use too (MongoDB 6+).
    assertThat(orders.aggregate(group()).into(new ArrayList<>())).hasSize(500);
  }

  @Test
  void aGroupOverTheLimitFailsWithoutAllowDiskUse() {
    assertThatThrownBy(() -> orders.aggregate(group()).allowDiskUse(false).into(new ArrayList<>()))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(292);
              assertThat(e.getErrorCodeName())
                  .isEqualTo("QueryExceededMemoryLimitNoDiskUseAllowed");
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "Exceeded memory limit for $group, but didn't allow external sort. Pass"
                          + " allowDiskUse:true to opt in.");
            });
  }

  @Test
  void aFindSortOverTheLimitSpillsWithAllowDiskUseAndFailsWithoutIt() {
    List<Document> sorted =
        orders
            .find()
            .sort(new Document("note", -1).append("_id", 1))
            .allowDiskUse(true)
            .into(new ArrayList<>());
    List<String> notes = sorted.stream().map(order -> order.getString("note")).toList();
    assertThat(notes)
        .hasSize(DOCUMENTS)
        .isSortedAccordingTo(java.util.Comparator.<String>reverseOrder())
        .doesNotHaveDuplicates();
    // The driver's default sends no allowDiskUse: the server's default spills, as MongoDB 6+.
    assertThat(orders.find().sort(new Document("note", 1)).into(new ArrayList<>()))
        .hasSize(DOCUMENTS);

    assertThatThrownBy(
            () ->
                orders
                    .find()
                    .sort(new Document("note", -1))
                    .allowDiskUse(false)
                    .into(new ArrayList<>()))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(292);
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "Executor error during find command :: caused by :: Sort exceeded memory"
                          + " limit of 65536 bytes, but did not opt in to external sorting.");
            });
    // A sort with a small limit holds only its top documents: no disk needed.
    assertThat(
            orders
                .find()
                .sort(new Document("note", -1))
                .limit(5)
                .allowDiskUse(false)
                .into(new ArrayList<>()))
        .extracting(order -> order.getString("note"))
        .containsExactly(
            "order number 999",
            "order number 998",
            "order number 997",
            "order number 996",
            "order number 995");
  }

  @Test
  void aLeadingSortOverTheLimitSpillsWithAllowDiskUseAndFailsWithoutIt() {
    // A first $sort runs as the find prefix's sort: the command's allowDiskUse still holds.
    List<Document> pipeline = List.of(Document.parse("{$sort: {note: -1}}"));
    assertThat(orders.aggregate(pipeline).allowDiskUse(true).into(new ArrayList<>()))
        .hasSize(DOCUMENTS);
    assertThatThrownBy(() -> orders.aggregate(pipeline).allowDiskUse(false).first())
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(292);
              assertThat(e.getErrorCodeName())
                  .isEqualTo("QueryExceededMemoryLimitNoDiskUseAllowed");
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "Sort exceeded memory limit of 65536 bytes, but did not opt in to external"
                          + " sorting.");
            });
  }

  @Test
  void aDatabaseLevelAggregationOverTheLimitFailsWithoutAllowDiskUse() {
    BsonDocument command =
        BsonDocument.parse(
            "{aggregate: 1, pipeline: [{$documents: [{}]}, {$project: {n: {$range: [0, 2000]}}},"
                + " {$unwind: '$n'}, {$addFields: {note: {$concat: ['order ', {$toString:"
                + " '$n'}]}}}, {$sort: {note: -1}}, {$count: 'n'}], cursor: {}}");
    MongoDatabase app = client.getDatabase("app");
    assertThat(
            app.runCommand(command.clone().append("allowDiskUse", BsonBoolean.TRUE))
                .get("cursor", Document.class)
                .getList("firstBatch", Document.class))
        .containsExactly(new Document("n", DOCUMENTS));
    assertThatThrownBy(
            () -> app.runCommand(command.clone().append("allowDiskUse", BsonBoolean.FALSE)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(292);
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "Sort exceeded memory limit of 65536 bytes, but did not opt in to external"
                          + " sorting.");
            });
  }

  @Test
  void aGroupUnderTheLimitNeedsNoDisk() {
    List<Document> byAmount =
        orders
            .aggregate(List.of(Document.parse("{$group: {_id: '$amount', n: {$sum: 1}}}")))
            .allowDiskUse(false)
            .into(new ArrayList<>());
    assertThat(byAmount).hasSize(10).allSatisfy(g -> assertThat(g.get("n")).isEqualTo(200));
  }

  @Test
  void windowFieldsAndBucketAutoSortUnderTheLimitAsSortDoes() {
    List<Document> window =
        List.of(
            Document.parse(
                "{$setWindowFields: {partitionBy: '$customer', sortBy: {_id: 1},"
                    + " output: {nth: {$documentNumber: {}}}}}"),
            Document.parse("{$match: {_id: 1507}}"),
            Document.parse("{$project: {nth: 1}}"));
    assertThat(orders.aggregate(window).allowDiskUse(true).into(new ArrayList<>()))
        .containsExactly(new Document("_id", 1507).append("nth", 4));
    List<Document> buckets =
        List.of(Document.parse("{$bucketAuto: {groupBy: '$_id', buckets: 4}}"));
    assertThat(orders.aggregate(buckets).allowDiskUse(true).into(new ArrayList<>()))
        .extracting(bucket -> bucket.get("count"))
        .containsExactly(500, 500, 500, 500);
    for (List<Document> pipeline : List.of(window, buckets)) {
      assertThatThrownBy(() -> orders.aggregate(pipeline).allowDiskUse(false).first())
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(292);
                assertThat(e.getErrorMessage())
                    .isEqualTo(
                        "Sort exceeded memory limit of 65536 bytes, but did not opt in to external"
                            + " sorting.");
              });
    }
  }

  @Test
  void aPushPastOneHundredMebibytesFailsEvenWithAllowDiskUse() {
    // The same million-character literal pushed 60 times counts 60 times.
    Document push =
        new Document(
            "$group",
            new Document("_id", null)
                .append(
                    "all", new Document("$push", new Document("$literal", "x".repeat(1_000_000)))));
    assertThatThrownBy(
            () ->
                orders
                    .aggregate(List.of(Document.parse("{$limit: 60}"), push))
                    .allowDiskUse(true)
                    .into(new ArrayList<>()))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(146);
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "PlanExecutor error during aggregation :: caused by :: "
                          + "$push used too much memory and cannot spill to disk. Memory limit:"
                          + " 104857600 bytes");
            });
  }
}
