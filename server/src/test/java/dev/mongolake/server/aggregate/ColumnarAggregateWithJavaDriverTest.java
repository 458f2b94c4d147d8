package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.CollectionTableConfigs;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: the manual's {@code $group} examples over the {@code sales}
 * collection, whose {@code item}, {@code quantity} and {@code date} are promoted columns, give
 * MongoDB's documented results whether the files are read from those columns (the pipeline reads
 * nothing else) or whole, and buffered changes merge in.
 */
class ColumnarAggregateWithJavaDriverTest {
  private static final JsonWriterSettings EXTENDED =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
  private static final String[] SALES = {
    "{_id: 1, item: 'abc', price: {$numberDecimal: '10'}, quantity: 2,"
        + " date: {$date: '2014-03-01T08:00:00Z'}}",
    "{_id: 2, item: 'jkl', price: {$numberDecimal: '20'}, quantity: 1,"
        + " date: {$date: '2014-03-01T09:00:00Z'}}",
    "{_id: 3, item: 'xyz', price: {$numberDecimal: '5'}, quantity: 10,"
        + " date: {$date: '2014-03-15T09:00:00Z'}}",
    "{_id: 4, item: 'xyz', price: {$numberDecimal: '5'}, quantity: 20,"
        + " date: {$date: '2014-04-04T11:21:39.736Z'}}",
    "{_id: 5, item: 'abc', price: {$numberDecimal: '10'}, quantity: 10,"
        + " date: {$date: '2014-04-04T21:23:13.331Z'}}",
    "{_id: 6, item: 'def', price: {$numberDecimal: '7.5'}, quantity: 5,"
        + " date: {$date: '2015-06-04T05:08:13Z'}}",
    "{_id: 7, item: 'def', price: {$numberDecimal: '7.5'}, quantity: 10,"
        + " date: {$date: '2015-09-10T08:43:00Z'}}",
    "{_id: 8, item: 'abc', price: {$numberDecimal: '10'}, quantity: 5,"
        + " date: {$date: '2016-02-06T20:20:13Z'}}"
  };

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<BsonDocument> sales;

  /** Two files written with the promoted columns, then the server over the same data. */
  @BeforeEach
  void start() {
    DocumentTableConfig promoted =
        DocumentTableConfig.defaults()
            .withSchema(
                DocumentSchema.parse(
                    BsonDocument.parse("{item: 'string', quantity: 'int', date: 'timestamp'}")));
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(data)
            .withTableConfigs(CollectionTableConfigs.plain().with("test.sales", promoted));
    try (MongoLake lake = MongoLake.open(options)) {
      var collection = lake.db("test").collection("sales", BsonDocument.class);
      for (int i = 0; i < SALES.length; i++) {
        collection.insertOne(BsonDocument.parse(SALES[i]));
        if (i == 3) {
          lake.flush();
        }
      }
      lake.flush();
    }
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    sales = client.getDatabase("test").getCollection("sales", BsonDocument.class);
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private List<String> aggregate(String pipeline) {
    List<BsonDocument> stages = new ArrayList<>();
    BsonDocument.parse("{p: " + pipeline + "}")
        .getArray("p")
        .forEach(stage -> stages.add(stage.asDocument()));
    List<String> out = new ArrayList<>();
    sales.aggregate(stages).forEach(document -> out.add(document.toJson(EXTENDED)));
    return out;
  }

  private static List<String> json(String... documents) {
    List<String> out = new ArrayList<>();
    for (String document : documents) {
      out.add(BsonDocument.parse(document).toJson(EXTENDED));
    }
    return out;
  }

  @Test
  void countingTheDocumentsReadsOnlyIds() {
    long before = server.lake().filesReadFromColumns();

    assertThat(aggregate("[{$group: {_id: null, count: {$count: {}}}}]"))
        .isEqualTo(json("{_id: null, count: 8}"));
    assertThat(server.lake().filesReadFromColumns() - before).isEqualTo(2);
  }

  @Test
  void groupingByDayOfTheYearFromColumnsMatchesTheManual() {
    long before = server.lake().filesReadFromColumns();

    List<String> byDay =
        aggregate(
            "[{$match: {date: {$gte: {$date: '2014-01-01T00:00:00Z'},"
                + " $lt: {$date: '2015-01-01T00:00:00Z'}}}},"
                + " {$group: {_id: {$dateToString: {format: '%Y-%m-%d', date: '$date'}},"
                + " totalQuantity: {$sum: '$quantity'}, count: {$sum: 1}}},"
                + " {$sort: {totalQuantity: -1}}]");

    assertThat(byDay)
        .isEqualTo(
            json(
                "{_id: '2014-04-04', totalQuantity: 30, count: 2}",
                "{_id: '2014-03-15', totalQuantity: 10, count: 1}",
                "{_id: '2014-03-01', totalQuantity: 3, count: 2}"));
    assertThat(server.lake().filesReadFromColumns() - before).isEqualTo(2);
  }

  @Test
  void aFieldThatIsNotPromotedReadsWholeDocumentsWithTheManualsResult() {
    long before = server.lake().filesReadFromColumns();

    List<String> byItem =
        aggregate(
            "[{$group: {_id: '$item', totalSaleAmount:"
                + " {$sum: {$multiply: ['$price', '$quantity']}}}},"
                + " {$match: {totalSaleAmount: {$gte: 100}}}, {$sort: {_id: 1}}]");

    assertThat(byItem)
        .isEqualTo(
            json(
                "{_id: 'abc', totalSaleAmount: {$numberDecimal: '170'}}",
                "{_id: 'def', totalSaleAmount: {$numberDecimal: '112.5'}}",
                "{_id: 'xyz', totalSaleAmount: {$numberDecimal: '150'}}"));
    assertThat(server.lake().filesReadFromColumns()).isEqualTo(before);
  }

  @Test
  void bufferedUpdatesAndDeletesMergeOverColumnarFiles() {
    sales.updateOne(new Document("_id", 3), new Document("$set", new Document("quantity", 1000L)));
    sales.deleteOne(new Document("_id", 8));
    sales.insertOne(BsonDocument.parse("{_id: 9, item: 'jkl', quantity: 4}"));
    String pipeline =
        "[{$group: {_id: '$item', q: {$sum: '$quantity'}, n: {$sum: 1}}}, {$sort: {_id: 1}}]";

    List<String> columnar = aggregate(pipeline);

    assertThat(columnar)
        .isEqualTo(
            json(
                "{_id: 'abc', q: 12, n: 2}",
                "{_id: 'def', q: 15, n: 2}",
                "{_id: 'jkl', q: 5, n: 2}",
                "{_id: 'xyz', q: {$numberLong: '1020'}, n: 2}"));
    assertThat(columnar)
        .isEqualTo(aggregate("[{$addFields: {__x: '$$ROOT'}}, " + pipeline.substring(1)));
  }

  @Test
  void explainShowsAColumnScanWhereTheReadGoesByColumnsAndACollectionScanElsewhere() {
    Document group =
        sales
            .aggregate(
                List.of(
                    Document.parse("{$match: {quantity: {$gte: 5}}}"),
                    Document.parse("{$group: {_id: '$item', q: {$sum: '$quantity'}}}")))
            .explain();
    Document top =
        client
            .getDatabase("test")
            .getCollection("sales")
            .find(new Document("item", "abc"))
            .sort(new Document("date", -1))
            .limit(2)
            .explain();
    Document count =
        client
            .getDatabase("test")
            .runCommand(
                Document.parse(
                    "{explain: {count: 'sales', query: {quantity: {$lt: 10}}},"
                        + " verbosity: 'executionStats'}"));
    Document whole =
        sales
            .aggregate(
                List.of(Document.parse("{$group: {_id: {$toUpper: '$item'}, n: {$sum: 1}}}")))
            .explain();
    Document variantPath =
        sales
            .aggregate(List.of(Document.parse("{$group: {_id: '$price', n: {$sum: 1}}}")))
            .explain();

    assertThat(leaf(winningPlan(group)).getString("stage")).isEqualTo("COLUMN_SCAN");
    assertThat(leaf(winningPlan(group)).getList("columns", String.class))
        .containsExactly("quantity", "item");
    assertThat(leaf(winningPlan(top)).getString("stage")).isEqualTo("COLUMN_SCAN");
    assertThat(leaf(winningPlan(top)).getList("columns", String.class))
        .containsExactlyInAnyOrder("date", "item");
    Document executed = count.get("executionStats", Document.class);
    assertThat(leaf(executed.get("executionStages", Document.class)).getString("stage"))
        .isEqualTo("COLUMN_SCAN");
    assertThat(leaf(winningPlan(whole)).getString("stage")).isEqualTo("COLLSCAN");
    // price is no promoted column: its values come from the documents' Variant bytes.
    assertThat(leaf(winningPlan(variantPath)).getList("columns", String.class))
        .containsExactly("price");
  }

  private static Document winningPlan(Document explain) {
    Document planner =
        explain.containsKey("queryPlanner")
            ? explain.get("queryPlanner", Document.class)
            : explain
                .getList("stages", Document.class)
                .getFirst()
                .get("$cursor", Document.class)
                .get("queryPlanner", Document.class);
    return planner.get("winningPlan", Document.class);
  }

  private static Document leaf(Document stage) {
    Document current = stage;
    while (current.containsKey("inputStage")) {
      current = current.get("inputStage", Document.class);
    }
    return current;
  }

  @Test
  void anInvalidAccumulatorOverPromotedColumnsFailsAsMongoDbDoes() {
    assertThatThrownBy(
            () -> aggregate("[{$group: {_id: '$item', total: {$sum: '$quantity', $avg: 1}}}]"))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(40238);
              assertThat(e.getErrorMessage())
                  .isEqualTo("The field 'total' must specify one accumulator");
            });
  }
}
