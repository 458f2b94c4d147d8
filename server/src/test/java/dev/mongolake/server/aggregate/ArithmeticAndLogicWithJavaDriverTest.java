package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: the arithmetic, comparison, boolean, conditional, type and
 * miscellaneous expression operators in {@code $project} and {@code $group}, with the manual's
 * examples, MongoDB's result types and its errors.
 */
class ArithmeticAndLogicWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> sales;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    sales = client.getDatabase("app").getCollection("sales");
    sales.insertMany(
        List.of(
            new Document("_id", 1)
                .append("item", "abc")
                .append("price", 10)
                .append("fee", 2)
                .append("quantity", 2)
                .append("date", new Date(1393660800000L)),
            new Document("_id", 2)
                .append("item", "jkl")
                .append("price", 20)
                .append("fee", 1)
                .append("quantity", 1)
                .append("date", new Date(1393747200000L)),
            new Document("_id", 3)
                .append("item", "xyz")
                .append("price", 5)
                .append("fee", 0)
                .append("quantity", 10)
                .append("date", new Date(1393833600000L))));
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private List<Document> project(Document fields) {
    return sales
        .aggregate(
            List.of(
                new Document("$sort", new Document("_id", 1)), new Document("$project", fields)))
        .into(new ArrayList<>());
  }

  private static Document first(List<Document> documents) {
    return documents.get(0);
  }

  @Test
  void arithmeticKeepsMongoDbsResultTypes() {
    Document result =
        first(
            project(
                new Document("total", new Document("$add", List.of("$price", "$fee")))
                    .append("billing", new Document("$add", List.of("$date", 259200000)))
                    .append("amount", new Document("$multiply", List.of("$price", "$quantity")))
                    .append("perItem", new Document("$divide", List.of("$price", "$quantity")))
                    .append("remainder", new Document("$mod", List.of("$price", 3)))
                    .append("big", new Document("$add", List.of(2147483647, "$fee")))
                    .append(
                        "rounded",
                        new Document(
                            "$round", List.of(new Document("$divide", List.of(19.25, 1)), 1)))
                    .append("power", new Document("$pow", List.of("$fee", 10)))
                    .append(
                        "decimal",
                        new Document("$multiply", List.of("$price", Decimal128.parse("1.5"))))));
    assertThat(result.get("total")).isEqualTo(12);
    assertThat(result.get("billing")).isEqualTo(new Date(1393660800000L + 259200000L));
    assertThat(result.get("amount")).isEqualTo(20);
    assertThat(result.get("perItem")).isEqualTo(5.0);
    assertThat(result.get("remainder")).isEqualTo(1);
    assertThat(result.get("big")).isEqualTo(2147483649L);
    assertThat(result.get("rounded")).isEqualTo(19.2);
    assertThat(result.get("power")).isEqualTo(1024);
    assertThat(result.get("decimal")).isEqualTo(Decimal128.parse("15.0"));
  }

  @Test
  void comparisonsBooleansAndConditionals() {
    List<Document> results =
        project(
            new Document("cmp", new Document("$cmp", List.of("$quantity", 2)))
                .append("cheap", new Document("$lt", List.of("$price", 10L)))
                .append(
                    "both",
                    new Document(
                        "$and",
                        List.of(
                            new Document("$gt", List.of("$price", 5)),
                            new Document("$gte", List.of("$quantity", 2)))))
                .append(
                    "discount",
                    new Document(
                        "$cond",
                        new Document("if", new Document("$gte", List.of("$quantity", 10)))
                            .append("then", 30)
                            .append("else", 20)))
                .append("note", new Document("$ifNull", List.of("$note", "Unspecified")))
                .append(
                    "size",
                    new Document(
                        "$switch",
                        new Document(
                                "branches",
                                List.of(
                                    new Document(
                                            "case", new Document("$gte", List.of("$price", 20)))
                                        .append("then", "large"),
                                    new Document(
                                            "case", new Document("$gte", List.of("$price", 10)))
                                        .append("then", "medium")))
                            .append("default", "small"))));
    assertThat(results)
        .extracting(d -> d.get("cmp"), d -> d.get("cheap"), d -> d.get("both"))
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, false, true),
            org.assertj.core.groups.Tuple.tuple(-1, false, false),
            org.assertj.core.groups.Tuple.tuple(1, true, false));
    assertThat(results).extracting(d -> d.get("discount")).containsExactly(20, 20, 30);
    assertThat(results).extracting(d -> d.get("note")).containsOnly("Unspecified");
    assertThat(results).extracting(d -> d.get("size")).containsExactly("medium", "large", "small");
  }

  @Test
  void typesAndConversions() {
    Document result =
        first(
            project(
                new Document("type", new Document("$type", "$price"))
                    .append("missing", new Document("$type", "$nope"))
                    .append("isNumber", new Document("$isNumber", "$item"))
                    .append("text", new Document("$toString", "$date"))
                    .append("decimal", new Document("$toDecimal", 2.5))
                    .append("fromText", new Document("$toInt", "42"))
                    .append(
                        "fallback",
                        new Document(
                            "$convert",
                            new Document("input", "$item")
                                .append("to", "int")
                                .append("onError", -1)))
                    .append(
                        "created",
                        new Document("$toDate", new ObjectId("5ab9c3da31c2ab715d421285")))));
    assertThat(result.get("type")).isEqualTo("int");
    assertThat(result.get("missing")).isEqualTo("missing");
    assertThat(result.get("isNumber")).isEqualTo(false);
    assertThat(result.get("text")).isEqualTo("2014-03-01T08:00:00.000Z");
    assertThat(result.get("decimal")).isEqualTo(Decimal128.parse("2.50000000000000"));
    assertThat(result.get("fromText")).isEqualTo(42);
    assertThat(result.get("fallback")).isEqualTo(-1);
    assertThat(result.get("created")).isEqualTo(new Date(1522123738000L));
  }

  @Test
  void miscellaneousOperators() {
    Document result =
        first(
            project(
                new Document("bytes", new Document("$binarySize", "$item"))
                    .append("size", new Document("$bsonSize", new Document("a", 1)))
                    .append("random", new Document("$rand", new Document()))));
    assertThat(result.get("bytes")).isEqualTo(3);
    assertThat(result.get("size")).isEqualTo(12);
    assertThat(result.getDouble("random")).isBetween(0.0, 1.0);
  }

  @Test
  void groupSumsComputedValues() {
    List<Document> totals =
        sales
            .aggregate(
                List.of(
                    new Document(
                        "$group",
                        new Document("_id", null)
                            .append(
                                "revenue",
                                new Document(
                                    "$sum",
                                    new Document("$multiply", List.of("$price", "$quantity")))))))
            .into(new ArrayList<>());
    assertThat(totals).containsExactly(new Document("_id", null).append("revenue", 90));
  }

  @Test
  void errorsCarryMongoDbsCodeAndMessage() {
    MongoCommandException divide =
        catchThrowableOfType(
            MongoCommandException.class,
            () -> project(new Document("x", new Document("$divide", List.of("$price", "$fee")))));
    assertThat(divide.getErrorCode()).isEqualTo(2);
    assertThat(divide.getErrorMessage())
        .isEqualTo("PlanExecutor error during aggregation :: caused by :: can't $divide by zero");

    MongoCommandException add =
        catchThrowableOfType(
            MongoCommandException.class,
            () -> project(new Document("x", new Document("$add", List.of("$item", 1)))));
    assertThat(add.getErrorCode()).isEqualTo(14);
    assertThat(add.getErrorMessage())
        .isEqualTo(
            "PlanExecutor error during aggregation :: caused by :: $add only supports numeric or date types, not string");

    MongoCommandException convert =
        catchThrowableOfType(
            MongoCommandException.class,
            () -> project(new Document("x", new Document("$toInt", "$item"))));
    assertThat(convert.getErrorCode()).isEqualTo(241);
    assertThat(convert.getErrorMessage())
        .isEqualTo(
            "PlanExecutor error during aggregation :: caused by :: "
                + "Failed to parse number 'abc' in $convert with no onError value: Did not consume whole"
                + " string.");

    MongoCommandException function =
        catchThrowableOfType(
            MongoCommandException.class,
            () ->
                project(
                    new Document(
                        "x",
                        new Document(
                            "$function",
                            new Document("body", "function() {}")
                                .append("args", List.of())
                                .append("lang", "js")))));
    assertThat(function.getErrorCode()).isEqualTo(238);
    assertThat(function.getErrorMessage())
        .isEqualTo(
            "Invalid $project :: caused by :: Cannot evaluate expression $function: server-side"
                + " JavaScript is not supported");
  }
}
