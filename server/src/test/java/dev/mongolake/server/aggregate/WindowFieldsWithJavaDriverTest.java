package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: {@code $setWindowFields}, {@code $densify} and {@code $fill}
 * with the manual's examples, and MongoDB's errors for invalid windows.
 */
class WindowFieldsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> cakeSales;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    cakeSales = client.getDatabase("app").getCollection("cakeSales");
    cakeSales.insertMany(
        List.of(
            Document.parse(
                "{_id: 0, type: 'chocolate', orderDate: {$date: '2020-05-18T14:10:30Z'}, state:"
                    + " 'CA', price: 13, quantity: 120}"),
            Document.parse(
                "{_id: 1, type: 'chocolate', orderDate: {$date: '2021-03-20T11:30:05Z'}, state:"
                    + " 'WA', price: 14, quantity: 140}"),
            Document.parse(
                "{_id: 2, type: 'vanilla', orderDate: {$date: '2021-01-11T06:31:15Z'}, state:"
                    + " 'CA', price: 12, quantity: 145}"),
            Document.parse(
                "{_id: 3, type: 'vanilla', orderDate: {$date: '2020-02-08T13:13:23Z'}, state:"
                    + " 'WA', price: 13, quantity: 104}"),
            Document.parse(
                "{_id: 4, type: 'strawberry', orderDate: {$date: '2019-05-18T16:09:01Z'}, state:"
                    + " 'CA', price: 41, quantity: 162}"),
            Document.parse(
                "{_id: 5, type: 'strawberry', orderDate: {$date: '2019-01-08T06:12:03Z'}, state:"
                    + " 'WA', price: 43, quantity: 134}")));
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private static List<Document> run(MongoCollection<Document> collection, String... stages) {
    List<Document> pipeline = new ArrayList<>();
    for (String stage : stages) {
      pipeline.add(Document.parse(stage));
    }
    return collection.aggregate(pipeline).into(new ArrayList<>());
  }

  @Test
  void cumulativeQuantityPerStateInOrderDateOrder() {
    List<Document> out =
        run(
            cakeSales,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {orderDate: 1}, output:"
                + " {cumulativeQuantityForState: {$sum: '$quantity', window: {documents:"
                + " ['unbounded', 'current']}}}}}");
    assertThat(out).extracting(d -> d.get("_id")).containsExactly(4, 0, 2, 5, 3, 1);
    assertThat(out)
        .extracting(d -> d.get("cumulativeQuantityForState"))
        .containsExactly(162, 282, 427, 134, 238, 378);
  }

  @Test
  void rankAndShiftOverQuantityDescending() {
    List<Document> out =
        run(
            cakeSales,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {quantity: -1}, output: {rank:"
                + " {$rank: {}}, next: {$shift: {output: '$quantity', by: 1, default: 'Not"
                + " available'}}}}}");
    assertThat(out).extracting(d -> d.get("rank")).containsExactly(1, 2, 3, 1, 2, 3);
    assertThat(out)
        .extracting(d -> d.get("next"))
        .containsExactly(145, 120, "Not available", 134, 104, "Not available");
  }

  @Test
  void rangeWindowsOverPricesAndMonths() {
    List<Document> similar =
        run(
            cakeSales,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {price: 1}, output:"
                + " {quantityFromSimilarOrders: {$sum: '$quantity', window: {range: [-10,"
                + " 10]}}}}}");
    assertThat(similar)
        .extracting(d -> d.get("quantityFromSimilarOrders"))
        .containsExactly(265, 265, 162, 244, 244, 134);
    List<Document> recent =
        run(
            cakeSales,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {orderDate: 1}, output:"
                + " {recentOrders: {$push: '$_id', window: {range: ['unbounded', 10], unit:"
                + " 'month'}}}}}");
    assertThat(recent)
        .extracting(d -> d.get("recentOrders"))
        .containsExactly(
            List.of(4),
            List.of(4, 0, 2),
            List.of(4, 0, 2),
            List.of(5),
            List.of(5, 3),
            List.of(5, 3, 1));
  }

  @Test
  void densifyFillsMissingHoursAndFillCarriesValues() {
    MongoCollection<Document> weather = client.getDatabase("app").getCollection("weather");
    weather.insertMany(
        List.of(
            Document.parse("{_id: 1, timestamp: {$date: '2021-05-18T00:00:00Z'}, temp: 12}"),
            Document.parse("{_id: 2, timestamp: {$date: '2021-05-18T03:00:00Z'}, temp: 11}")));
    List<Document> dense =
        run(
            weather,
            "{$densify: {field: 'timestamp', range: {step: 1, unit: 'hour', bounds: 'full'}}}",
            "{$fill: {sortBy: {timestamp: 1}, output: {temp: {method: 'locf'}}}}");
    assertThat(dense).extracting(d -> d.get("temp")).containsExactly(12, 12, 12, 11);
    assertThat(dense).extracting(d -> d.get("_id")).containsExactly(1, null, null, 2);
  }

  @Test
  void fillByLinearInterpolation() {
    MongoCollection<Document> stock = client.getDatabase("app").getCollection("stock");
    stock.insertMany(
        List.of(
            Document.parse("{_id: 1, time: {$date: '2021-03-08T09:00:00Z'}, price: 500}"),
            Document.parse("{_id: 2, time: {$date: '2021-03-08T09:05:00Z'}, price: null}"),
            Document.parse("{_id: 3, time: {$date: '2021-03-08T09:10:00Z'}, price: 515}")));
    List<Document> out =
        run(stock, "{$fill: {sortBy: {time: 1}, output: {price: {method: 'linear'}}}}");
    assertThat(out).extracting(d -> d.get("price")).containsExactly(500, 507.5, 515);
  }

  @Test
  void invalidWindowsAnswerMongoDbsCodeAndMessage() {
    assertThatThrownBy(
            () ->
                run(
                    cakeSales,
                    "{$setWindowFields: {output: {s: {$sum: '$price', window: {documents: [-1,"
                        + " 0]}}}}}"))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(5339901);
              assertThat(e.getErrorMessage()).contains("Document-based bounds require a sortBy");
            });
    assertThatThrownBy(
            () ->
                run(
                    cakeSales,
                    "{$setWindowFields: {sortBy: {price: 1, _id: 1}, output: {r: {$rank:"
                        + " {}}}}}"))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(5371602);
              assertThat(e.getErrorMessage())
                  .contains(
                      "$rank must be specified with a top level sortBy expression with exactly"
                          + " one element");
            });
    assertThatThrownBy(
            () -> run(cakeSales, "{$densify: {field: 'price', range: {step: -1, bounds: 'full'}}}"))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(5733401);
              assertThat(e.getErrorMessage())
                  .contains(
                      "The step parameter in a range statement must be a strictly positive"
                          + " numeric value");
            });
  }
}
