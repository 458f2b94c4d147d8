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
 * Through the official Java driver: the array expression operators in {@code $project} computed
 * fields, with the MongoDB manual's examples for {@code $filter}, {@code $map}, {@code $reduce},
 * {@code $zip} and {@code $sortArray}, and MongoDB's errors reaching the client with their codes.
 */
class ArrayOperatorsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> collection;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    collection = client.getDatabase("app").getCollection("arrays");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  /** Runs {@code $project: {_id: 0, r: expression}} and answers each document's {@code r}. */
  private List<Object> project(String expression) {
    List<Object> out = new ArrayList<>();
    for (Document document :
        collection.aggregate(
            List.of(
                Document.parse("{$sort: {_id: 1}}"),
                Document.parse("{$project: {_id: 0, r: " + expression + "}}")))) {
      out.add(document.containsKey("r") ? document.get("r") : "missing");
    }
    return out;
  }

  @Test
  void filterKeepsTheMatchingItemsOfEachSale() {
    collection.insertMany(
        List.of(
            Document.parse(
                "{_id: 0, items: [{item_id: 43, quantity: 2, price: 10, name: 'pen'}, {item_id:"
                    + " 2, quantity: 1, price: 240, name: 'briefcase'}]}"),
            Document.parse(
                "{_id: 1, items: [{item_id: 23, quantity: 3, price: 110, name: 'notebook'},"
                    + " {item_id: 103, quantity: 4, price: 5, name: 'pen'}, {item_id: 38,"
                    + " quantity: 1, price: 300, name: 'printer'}]}"),
            Document.parse(
                "{_id: 2, items: [{item_id: 4, quantity: 1, price: 23, name: 'pen'}]}")));
    assertThat(
            project(
                "{$map: {input: {$filter: {input: '$items', as: 'item', cond: {$in:"
                    + " ['$$item.name', ['pen']]}}}, in: '$$this.item_id'}}"))
        .containsExactly(List.of(43), List.of(103), List.of(4));
    assertThat(
            project(
                "{$size: {$filter: {input: '$items', cond: {$in: ['$$this.name', ['pen',"
                    + " 'printer']]}, limit: 1}}}"))
        .containsExactly(1, 1, 1);
  }

  @Test
  void mapAndReduceOverEachDocumentsArray() {
    collection.insertMany(
        List.of(
            Document.parse("{_id: 1, quizzes: [[5, 6], [7]]}"),
            Document.parse("{_id: 2, quizzes: [[], [10, 9]]}")));
    assertThat(project("{$map: {input: '$quizzes', as: 'grades', in: {$size: '$$grades'}}}"))
        .containsExactly(List.of(2, 1), List.of(0, 2));
    // The manual's flattening example.
    assertThat(
            project(
                "{$reduce: {input: '$quizzes', initialValue: [], in: {$concatArrays: ['$$value',"
                    + " '$$this']}}}"))
        .containsExactly(List.of(5, 6, 7), List.of(10, 9));
  }

  @Test
  void zipTransposesTheManualsMatrix() {
    collection.insertMany(
        List.of(
            Document.parse("{_id: 0, matrix: [[1, 2], [2, 3], [3, 4]]}"),
            Document.parse("{_id: 1, matrix: [[8, 7], [7, 6], [5, 4]]}")));
    assertThat(
            project(
                "{$zip: {inputs: [{$arrayElemAt: ['$matrix', 0]}, {$arrayElemAt: ['$matrix', 1]},"
                    + " {$arrayElemAt: ['$matrix', 2]}]}}"))
        .containsExactly(
            List.of(List.of(1, 2, 3), List.of(2, 3, 4)),
            List.of(List.of(8, 7, 5), List.of(7, 6, 4)));
    assertThat(
            project(
                "{$zip: {inputs: ['$matrix', [0]], useLongestLength: true, defaults: [1, -1]}}"))
        .containsExactly(
            List.of(
                List.of(List.of(1, 2), 0), List.of(List.of(2, 3), -1), List.of(List.of(3, 4), -1)),
            List.of(
                List.of(List.of(8, 7), 0), List.of(List.of(7, 6), -1), List.of(List.of(5, 4), -1)));
  }

  @Test
  void sortArraySortsTheManualsTeamByAgeAndWholeValues() {
    collection.insertOne(
        Document.parse(
            "{_id: 0, team: [{name: 'pat', age: 30}, {name: 'dallas', age: 36}, {name: 'charlie',"
                + " age: 42}], values: [1, 4, 1, 6, 12, 5]}"));
    assertThat(
            project(
                "{$map: {input: {$sortArray: {input: '$team', sortBy: {age: -1}}}, in:"
                    + " '$$this.name'}}"))
        .containsExactly(List.of("charlie", "dallas", "pat"));
    assertThat(project("{$sortArray: {input: '$values', sortBy: -1}}"))
        .containsExactly(List.of(12, 6, 5, 4, 1, 1));
    assertThat(project("{$maxN: {n: 2, input: '$values'}}")).containsExactly(List.of(12, 6));
    assertThat(project("{$lastN: {n: 2, input: '$values'}}")).containsExactly(List.of(12, 5));
  }

  @Test
  void positionsSearchAndRangesAnswerMongoDbsValuesAndTypes() {
    collection.insertOne(Document.parse("{_id: 0, a: ['x', 'y', 'z'], n: NumberLong(2)}"));
    assertThat(project("{$arrayElemAt: ['$a', -1]}")).containsExactly("z");
    assertThat(project("{$arrayElemAt: ['$a', 7]}")).containsExactly("missing");
    assertThat(project("{$first: '$a'}")).containsExactly("x");
    assertThat(project("{$last: '$nope'}")).containsExactly((Object) null);
    assertThat(project("{$slice: ['$a', 1, '$n']}")).containsExactly(List.of("y", "z"));
    assertThat(project("{$size: '$a'}")).containsExactly(3);
    assertThat(project("{$isArray: ['$a']}")).containsExactly(true);
    assertThat(project("{$in: ['y', '$a']}")).containsExactly(true);
    assertThat(project("{$indexOfArray: ['$a', 'z', 1]}")).containsExactly(2);
    assertThat(project("{$range: [0, '$n']}")).containsExactly(List.of(0, 1));
    assertThat(project("{$reverseArray: '$a'}")).containsExactly(List.of("z", "y", "x"));
    assertThat(project("{$concatArrays: ['$a', [1]]}")).containsExactly(List.of("x", "y", "z", 1));
  }

  @Test
  void errorsReachTheClientWithMongoDbsCodeAndMessage() {
    collection.insertOne(Document.parse("{_id: 0, a: 5}"));
    assertThatThrownBy(() -> project("{$size: '$a'}"))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(17124);
              assertThat(e.getErrorMessage())
                  .endsWith("The argument to $size must be an array, but was of type: int");
            });
    assertThatThrownBy(() -> project("{$in: [1, '$a']}"))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(40081);
              assertThat(e.getErrorMessage())
                  .endsWith("$in requires an array as a second argument, found: int");
            });
    assertThatThrownBy(() -> project("{$map: {input: '$a', in: 1, as: 'x', extra: 1}}"))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(16879);
              assertThat(e.getErrorMessage()).endsWith("Unrecognized parameter to $map: extra");
            });
  }
}
