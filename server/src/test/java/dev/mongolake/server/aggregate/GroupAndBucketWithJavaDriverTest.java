package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
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
 * Through the official Java driver: {@code $group} with every kind of accumulator, {@code $bucket},
 * {@code $bucketAuto} (with a granularity), {@code $sortByCount} and the accumulator expressions,
 * on the manual's examples, with result types and MongoDB's errors as a client sees them.
 */
class GroupAndBucketWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase database;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    database = client.getDatabase("app");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private void insert(String collection, String... documents) {
    List<Document> parsed = new ArrayList<>();
    for (String document : documents) {
      parsed.add(Document.parse(document));
    }
    database.getCollection(collection).insertMany(parsed);
  }

  private List<Document> aggregate(String collection, String... stages) {
    List<Document> pipeline = new ArrayList<>();
    for (String stage : stages) {
      pipeline.add(Document.parse(stage));
    }
    return database.getCollection(collection).aggregate(pipeline).into(new ArrayList<>());
  }

  private static List<Document> documents(String... json) {
    List<Document> out = new ArrayList<>();
    for (String document : json) {
      out.add(Document.parse(document));
    }
    return out;
  }

  private void assertFails(String collection, int code, String message, String... stages) {
    assertThatThrownBy(() -> aggregate(collection, stages))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorMessage()).isEqualTo(message);
            });
  }

  private void insertGameScores() {
    // The manual's gamescores collection.
    insert(
        "gamescores",
        "{playerId: 'PlayerA', gameId: 'G1', score: 31}",
        "{playerId: 'PlayerB', gameId: 'G1', score: 33}",
        "{playerId: 'PlayerC', gameId: 'G1', score: 99}",
        "{playerId: 'PlayerD', gameId: 'G1', score: 1}",
        "{playerId: 'PlayerA', gameId: 'G2', score: 10}",
        "{playerId: 'PlayerB', gameId: 'G2', score: 14}",
        "{playerId: 'PlayerC', gameId: 'G2', score: 66}",
        "{playerId: 'PlayerD', gameId: 'G2', score: 80}");
  }

  @Test
  void groupSumsWithMongoDbsTypesAndGroupsEqualNumbersTogether() {
    insert(
        "sales",
        "{_id: 1, item: 1, qty: 2, price: 10}",
        "{_id: 2, item: 1.0, qty: NumberLong(3), price: 20}",
        "{_id: 3, item: 2, qty: 2147483647, price: 5.5}",
        "{_id: 4, item: 2, qty: 1}");
    assertThat(
            aggregate(
                "sales",
                "{$group: {_id: '$item', qty: {$sum: '$qty'}, avg: {$avg: '$price'}, n: {$count:"
                    + " {}}, prices: {$addToSet: '$price'}}}",
                "{$sort: {_id: 1}}"))
        .containsExactlyElementsOf(
            documents(
                "{_id: 1, qty: NumberLong(5), avg: 15.0, n: 2, prices: [10, 20]}",
                "{_id: 2, qty: NumberLong(2147483648), avg: 5.5, n: 2, prices: [5.5]}"));
  }

  @Test
  void topNAndBottomPerGameAsInTheManual() {
    insertGameScores();
    assertThat(
            aggregate(
                "gamescores",
                "{$group: {_id: '$gameId', top: {$topN: {output: ['$playerId', '$score'], sortBy:"
                    + " {score: -1}, n: 3}}, lowest: {$bottom: {output: '$playerId', sortBy:"
                    + " {score: -1}}}, firstTwo: {$firstN: {input: '$playerId', n: 2}}, best:"
                    + " {$maxN: {input: '$score', n: 2}}}}",
                "{$sort: {_id: 1}}"))
        .containsExactlyElementsOf(
            documents(
                "{_id: 'G1', top: [['PlayerC', 99], ['PlayerB', 33], ['PlayerA', 31]], lowest:"
                    + " 'PlayerD', firstTwo: ['PlayerA', 'PlayerB'], best: [99, 33]}",
                "{_id: 'G2', top: [['PlayerD', 80], ['PlayerC', 66], ['PlayerB', 14]], lowest:"
                    + " 'PlayerA', firstTwo: ['PlayerA', 'PlayerB'], best: [80, 66]}"));
  }

  @Test
  void percentileAndMedianAsAccumulatorsAndExpressions() {
    // The manual's testScores.
    insert(
        "testScores",
        "{studentId: 2345, test01: 62, test02: 81, test03: 80}",
        "{studentId: 2356, test01: 60, test02: 83, test03: 79}",
        "{studentId: 2358, test01: 67, test02: 82, test03: 78}",
        "{studentId: 2367, test01: 64, test02: 72, test03: 77}",
        "{studentId: 2369, test01: 60, test02: 53, test03: 72}");
    assertThat(
            aggregate(
                "testScores",
                "{$group: {_id: null, test01: {$percentile: {input: '$test01', p: [0.5, 0.95],"
                    + " method: 'approximate'}}, median02: {$median: {input: '$test02', method:"
                    + " 'approximate'}}}}"))
        .containsExactly(Document.parse("{_id: null, test01: [62.0, 67.0], median02: 81.0}"));
    assertThat(
            aggregate(
                "testScores",
                "{$match: {studentId: 2345}}",
                "{$project: {_id: 0, p: {$percentile: {input: ['$test01', '$test02', '$test03'],"
                    + " p: [0.5], method: 'approximate'}}, total: {$sum: ['$test01', '$test02',"
                    + " '$test03']}, high: {$max: ['$test01', '$test02', '$test03']}}}"))
        .containsExactly(Document.parse("{p: [80.0], total: 223, high: 81}"));
  }

  @Test
  void bucketAsInTheManual() {
    insert(
        "artists",
        "{_id: 1, last_name: 'Bernard', year_born: 1868}",
        "{_id: 2, last_name: 'Rippl-Ronai', year_born: 1861}",
        "{_id: 3, last_name: 'Ostroumova', year_born: 1871}",
        "{_id: 4, last_name: 'Van Gogh', year_born: 1853}",
        "{_id: 5, last_name: 'Maurer', year_born: 1868}",
        "{_id: 6, last_name: 'Munch', year_born: 1863}",
        "{_id: 7, last_name: 'Redon', year_born: 1840}",
        "{_id: 8, last_name: 'Diriks', year_born: 1855}");
    assertThat(
            aggregate(
                "artists",
                "{$bucket: {groupBy: '$year_born', boundaries: [1840, 1850, 1860, 1870, 1880],"
                    + " default: 'Other', output: {count: {$sum: 1}, artists: {$push:"
                    + " '$last_name'}}}}"))
        .containsExactlyElementsOf(
            documents(
                "{_id: 1840, count: 1, artists: ['Redon']}",
                "{_id: 1850, count: 2, artists: ['Van Gogh', 'Diriks']}",
                "{_id: 1860, count: 4, artists: ['Bernard', 'Rippl-Ronai', 'Maurer', 'Munch']}",
                "{_id: 1870, count: 1, artists: ['Ostroumova']}"));
  }

  @Test
  void bucketAutoAsInTheManualAndWithAGranularity() {
    insert(
        "artwork",
        "{_id: 1, price: NumberDecimal('199.99')}",
        "{_id: 2, price: NumberDecimal('280.00')}",
        "{_id: 3, price: NumberDecimal('76.04')}",
        "{_id: 4, price: NumberDecimal('167.30')}",
        "{_id: 5, price: NumberDecimal('483.00')}",
        "{_id: 6, price: NumberDecimal('385.00')}",
        "{_id: 7, price: NumberDecimal('159.00')}",
        "{_id: 8, price: NumberDecimal('118.42')}");
    assertThat(aggregate("artwork", "{$bucketAuto: {groupBy: '$price', buckets: 4}}"))
        .containsExactlyElementsOf(
            documents(
                "{_id: {min: NumberDecimal('76.04'), max: NumberDecimal('159.00')}, count: 2}",
                "{_id: {min: NumberDecimal('159.00'), max: NumberDecimal('199.99')}, count: 2}",
                "{_id: {min: NumberDecimal('199.99'), max: NumberDecimal('385.00')}, count: 2}",
                "{_id: {min: NumberDecimal('385.00'), max: NumberDecimal('483.00')}, count: 2}"));
    insert("numbers", "{v: 1}", "{v: 2}", "{v: 3}", "{v: 5}", "{v: 9}", "{v: 10}");
    assertThat(
            aggregate(
                "numbers",
                "{$bucketAuto: {groupBy: '$v', buckets: 2, granularity: 'POWERSOF2', output:"
                    + " {values: {$push: '$v'}}}}"))
        .containsExactlyElementsOf(
            documents(
                "{_id: {min: 0.5, max: 4}, values: [1, 2, 3]}",
                "{_id: {min: 4, max: 16}, values: [5, 9, 10]}"));
  }

  @Test
  void bucketAutoWithR20AsInTheManualsComparisonOfGranularities() {
    List<Document> things = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      things.add(new Document("_id", i));
    }
    database.getCollection("things").insertMany(things);
    assertThat(
            aggregate("things", "{$bucketAuto: {groupBy: '$_id', buckets: 5, granularity: 'R20'}}"))
        .containsExactlyElementsOf(
            documents(
                "{_id: {min: 0, max: 20.0}, count: 20}",
                "{_id: {min: 20.0, max: 40.0}, count: 20}",
                "{_id: {min: 40.0, max: 63.0}, count: 23}",
                "{_id: {min: 63.0, max: 90.0}, count: 27}",
                "{_id: {min: 90.0, max: 100.0}, count: 10}"));
  }

  @Test
  void sortByCountPutsTheBiggestGroupFirst() {
    insertGameScores();
    insert("gamescores", "{playerId: 'PlayerA', gameId: 'G3', score: 5}");
    assertThat(aggregate("gamescores", "{$sortByCount: '$playerId'}", "{$limit: 1}"))
        .containsExactly(Document.parse("{_id: 'PlayerA', count: 3}"));
  }

  @Test
  void errorsReachTheClientWithMongoDbsCodesAndMessages() {
    insertGameScores();
    assertFails(
        "gamescores",
        40192,
        "The $bucket 'boundaries' field must have at least 2 values, but found 1 value(s).",
        "{$bucket: {groupBy: '$score', boundaries: [0]}}");
    assertFails(
        "gamescores",
        5787908,
        "'n' must be greater than 0, found 0",
        "{$group: {_id: null, t: {$topN: {output: '$score', sortBy: {score: 1}, n: 0}}}}");
    assertFails(
        "gamescores",
        7750303,
        "The $percentile 'p' field must be an array of numbers from [0.0, 1.0], but found: 1.5",
        "{$group: {_id: null, p: {$percentile: {input: '$score', p: [1.5], method:"
            + " 'approximate'}}}}");
    assertFails(
        "gamescores",
        238,
        "Cannot run accumulator $accumulator: server-side JavaScript is not supported",
        "{$group: {_id: null, a: {$accumulator: {}}}}");
    assertFails(
        "gamescores",
        40257,
        "Unknown rounding granularity 'R7'",
        "{$bucketAuto: {groupBy: '$score', buckets: 2, granularity: 'R7'}}");
  }
}
