package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.ExplainVerbosity;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: an aggregation's leading {@code $match} goes through the query
 * planner (an index serves it), {@code countDocuments} counts what the planner names, and whole
 * collection counts come from the table's statistics, exact over buffered changes.
 */
class AggregatePlanWithJavaDriverTest {

  private static final int DOCUMENTS = 500;

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> items;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    items = client.getDatabase("app").getCollection("items");
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < DOCUMENTS; i++) {
      documents.add(new Document("_id", i).append("n", i).append("k", i % 50));
    }
    items.insertMany(documents);
    items.createIndex(Indexes.ascending("n"));
    server.lake().flush();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private static Document stage(Document explain, String... path) {
    Document current = explain;
    for (String field : path) {
      current = current.get(field, Document.class);
    }
    return current;
  }

  private static long number(Document document, String field) {
    return ((Number) document.get(field)).longValue();
  }

  @Test
  void anAggregateWhoseLeadingMatchIsOnAnIndexedFieldScansOnlyTheMatchingKeys() {
    List<Bson> pipeline =
        List.of(
            Aggregates.match(eq("n", 7)),
            Aggregates.project(Projections.fields(Projections.include("k"))));
    assertThat(items.aggregate(pipeline).into(new ArrayList<>()))
        .containsExactly(new Document("_id", 7).append("k", 7));

    Document plan = items.aggregate(pipeline).explain(ExplainVerbosity.EXECUTION_STATS);
    Document fetch = stage(plan, "queryPlanner", "winningPlan");
    assertThat(fetch.getString("stage")).isEqualTo("FETCH");
    Document ixscan = fetch.get("inputStage", Document.class);
    assertThat(ixscan.getString("stage")).isEqualTo("IXSCAN");
    assertThat(ixscan.getString("indexName")).isEqualTo("n_1");
    Document stats = plan.get("executionStats", Document.class);
    assertThat(number(stats, "nReturned")).isEqualTo(1);
    assertThat(number(stats, "totalKeysExamined")).isEqualTo(1);
    assertThat(number(stats, "totalDocsExamined")).isEqualTo(1);
    assertThat(plan.getList("stages", Document.class))
        .containsExactly(new Document("$project", new Document("k", 1)));
  }

  @Test
  void anExprEqualityOnAnIndexedFieldScansOnlyTheMatchingKeys() {
    Document filter = Document.parse("{$expr: {$eq: ['$n', 7]}}");
    assertThat(items.find(filter).into(new ArrayList<>()))
        .containsExactly(new Document("_id", 7).append("n", 7).append("k", 7));
    Document plan = items.find(filter).explain(ExplainVerbosity.EXECUTION_STATS);
    Document fetch = stage(plan, "queryPlanner", "winningPlan");
    assertThat(fetch.getString("stage")).isEqualTo("FETCH");
    assertThat(fetch.get("inputStage", Document.class).getString("indexName")).isEqualTo("n_1");
    Document stats = plan.get("executionStats", Document.class);
    assertThat(number(stats, "nReturned")).isEqualTo(1);
    assertThat(number(stats, "totalDocsExamined")).isEqualTo(1);
  }

  @Test
  void countDocumentsOfAnIndexedFilterExaminesOnlyTheMatchingKeys() {
    assertThat(items.countDocuments(eq("n", 7))).isEqualTo(1);
    assertThat(items.countDocuments(com.mongodb.client.model.Filters.lt("n", 20))).isEqualTo(20);
    assertThat(
            items.countDocuments(
                com.mongodb.client.model.Filters.lt("n", 20),
                new com.mongodb.client.model.CountOptions().skip(5).limit(10)))
        .isEqualTo(10);
    assertThat(items.countDocuments(eq("n", -1))).isZero();

    // The pipeline the driver sends for countDocuments(eq("n", 7)).
    List<Bson> pipeline =
        List.of(
            Aggregates.match(eq("n", 7)),
            new Document("$group", new Document("_id", 1).append("n", new Document("$sum", 1))));
    Document plan = items.aggregate(pipeline).explain(ExplainVerbosity.EXECUTION_STATS);
    assertThat(stage(plan, "queryPlanner", "winningPlan", "inputStage").getString("stage"))
        .isEqualTo("IXSCAN");
    Document stats = plan.get("executionStats", Document.class);
    assertThat(number(stats, "totalKeysExamined")).isEqualTo(1);
    assertThat(number(stats, "totalDocsExamined")).isEqualTo(1);
  }

  @Test
  void wholeCollectionCountsAreExactOverBufferedInsertsUpdatesAndDeletes() {
    items.insertMany(
        List.of(new Document("_id", 1000).append("n", 1000), new Document("_id", 1001)));
    items.updateOne(eq("_id", 3), Updates.set("k", 99));
    items.updateOne(eq("_id", 1000), Updates.set("k", 1));
    items.deleteOne(eq("_id", 4));
    items.deleteOne(eq("_id", 1001));
    items.deleteOne(eq("_id", 5));
    items.insertOne(new Document("_id", 5).append("n", 5));
    items.deleteOne(eq("_id", 123456)); // matches nothing

    long expected = items.find().into(new ArrayList<>()).size();
    assertThat(expected).isEqualTo(DOCUMENTS);
    assertThat(items.countDocuments()).isEqualTo(expected);
    assertThat(items.estimatedDocumentCount()).isEqualTo(expected);
    assertThat(
            items.countDocuments(
                new Document(), new com.mongodb.client.model.CountOptions().skip(495)))
        .isEqualTo(5);
    items.deleteMany(new Document());
    assertThat(items.countDocuments()).isZero();
    assertThat(items.estimatedDocumentCount()).isZero();
  }

  @Test
  void countingAFlushedCollectionOpensNoDataFile() {
    items.insertOne(new Document("_id", 1000));
    items.deleteOne(eq("_id", 0));

    // The pipeline the driver sends for countDocuments().
    List<Bson> pipeline =
        List.of(
            Aggregates.match(new Document()),
            new Document("$group", new Document("_id", 1).append("n", new Document("$sum", 1))));
    assertThat(items.aggregate(pipeline).into(new ArrayList<>()))
        .containsExactly(new Document("_id", 1).append("n", DOCUMENTS));
    Document plan = items.aggregate(pipeline).explain(ExplainVerbosity.EXECUTION_STATS);
    assertThat(stage(plan, "queryPlanner", "winningPlan").getString("stage"))
        .isEqualTo("RECORD_STORE_FAST_COUNT");
    Document stats = plan.get("executionStats", Document.class);
    assertThat(number(stats, "totalDocsExamined")).isZero();
    Document table = stage(stats, "executionStages", "tableScan");
    assertThat(number(table, "filesTotal")).isPositive();
    assertThat(number(table, "filesOpened")).isZero();
    assertThat(items.countDocuments()).isEqualTo(DOCUMENTS);
    assertThat(items.estimatedDocumentCount()).isEqualTo(DOCUMENTS);

    // The count command estimatedDocumentCount sends, explained.
    Document count =
        client
            .getDatabase("app")
            .runCommand(
                new Document("explain", new Document("count", "items").append("skip", 10))
                    .append("verbosity", "executionStats"));
    assertThat(stage(count, "queryPlanner", "winningPlan").getString("stage"))
        .isEqualTo("RECORD_STORE_FAST_COUNT");
    Document counted = stage(count, "executionStats", "executionStages");
    assertThat(number(counted, "nCounted")).isEqualTo(DOCUMENTS - 10);
    assertThat(number(stage(counted, "tableScan"), "filesOpened")).isZero();
  }
}
