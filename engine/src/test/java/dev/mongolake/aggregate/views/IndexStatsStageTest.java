package dev.mongolake.aggregate.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code $indexStats}: one document per index, with the planner's real use counts. */
class IndexStatsStageTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeDatabase db;
  private MongoLakeCollection<BsonDocument> orders;

  @BeforeEach
  void open() {
    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    db = lake.db("shop");
    orders = db.collection("orders", BsonDocument.class);
    orders.insertMany(
        List.of(
            BsonDocument.parse("{_id: 1, item: 'abc', price: 12, quantity: 2, type: 'apparel'}"),
            BsonDocument.parse(
                "{_id: 2, item: 'jkl', price: 20, quantity: 1, type: 'electronics'}"),
            BsonDocument.parse("{_id: 3, item: 'abc', price: 10, quantity: 5, type: 'apparel'}")));
    orders.createIndex(new Document("item", 1).append("quantity", 1));
    orders.createIndex(new Document("type", 1).append("item", 1));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private Map<String, BsonDocument> stats(String host) {
    Map<String, BsonDocument> byName = new TreeMap<>();
    try (MongoLakeCursor<BsonDocument> cursor =
        orders.aggregate(List.of(BsonDocument.parse("{$indexStats: {}}")), null, true, host)) {
      cursor.forEachRemaining(d -> byName.put(d.getString("name").getValue(), d));
    }
    return byName;
  }

  private static long ops(BsonDocument stats) {
    return stats.getDocument("accesses").getInt64("ops").getValue();
  }

  @Test
  void reportsEveryIndexWithItsKeyHostAndSpec() {
    Instant before = Instant.now().minusSeconds(60);

    Map<String, BsonDocument> stats = stats("db.example.net:27017");

    assertThat(stats).containsOnlyKeys("_id_", "item_1_quantity_1", "type_1_item_1");
    BsonDocument item = stats.get("item_1_quantity_1");
    assertThat(item.keySet()).containsExactly("name", "key", "host", "accesses", "spec");
    assertThat(item.getDocument("key")).isEqualTo(BsonDocument.parse("{item: 1, quantity: 1}"));
    assertThat(item.getString("host").getValue()).isEqualTo("db.example.net:27017");
    assertThat(item.getDocument("accesses").get("ops")).isEqualTo(new BsonInt64(0));
    assertThat(item.getDocument("accesses").getDateTime("since").getValue())
        .isGreaterThan(before.toEpochMilli());
    assertThat(item.getDocument("spec"))
        .isEqualTo(
            BsonDocument.parse("{v: 2, key: {item: 1, quantity: 1}, name: 'item_1_quantity_1'}"));
  }

  @Test
  void opsCountTheQueriesThePlannerRanThroughEachIndex() {
    orders.find(Filters.eq("item", "abc")).into(new ArrayList<>());
    orders.find(Filters.eq("item", "abc")).into(new ArrayList<>());
    orders.countDocuments(Filters.eq("type", "apparel"));
    orders.updateOne(Filters.eq("type", "apparel"), Updates.set("x", 1));
    orders.deleteMany(Filters.eq("item", "nope"));
    orders.find(Filters.eq("_id", 2)).first();

    Map<String, BsonDocument> stats = stats(null);

    assertThat(ops(stats.get("item_1_quantity_1"))).isEqualTo(3);
    assertThat(ops(stats.get("type_1_item_1"))).isEqualTo(2);
    assertThat(ops(stats.get("_id_"))).isEqualTo(1);
  }

  @Test
  void aCollectionScanCountsNoIndex() {
    orders.find(Filters.eq("price", 12)).into(new ArrayList<>());

    assertThat(stats(null).values()).allSatisfy(stats -> assertThat(ops(stats)).isZero());
  }

  @Test
  void anAggregatePrefixCountsItsIndex() {
    try (MongoLakeCursor<BsonDocument> cursor =
        orders.aggregate(
            List.of(
                BsonDocument.parse("{$match: {type: 'apparel'}}"),
                BsonDocument.parse("{$group: {_id: '$item'}}")))) {
      cursor.forEachRemaining(d -> {});
    }

    assertThat(ops(stats(null).get("type_1_item_1"))).isEqualTo(1);
  }

  @Test
  void laterStagesTransformTheStatistics() {
    List<BsonDocument> names = new ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor =
        orders.aggregate(
            List.of(
                BsonDocument.parse("{$indexStats: {}}"),
                BsonDocument.parse("{$match: {'key.type': 1}}"),
                BsonDocument.parse("{$project: {_id: 0, name: 1}}")))) {
      cursor.forEachRemaining(names::add);
    }

    assertThat(names).containsExactly(BsonDocument.parse("{name: 'type_1_item_1'}"));
  }

  @Test
  void aMissingCollectionHasNoIndexStatistics() {
    try (MongoLakeCursor<BsonDocument> cursor =
        db.collection("none", BsonDocument.class)
            .aggregate(List.of(BsonDocument.parse("{$indexStats: {}}")))) {
      assertThat(cursor.hasNext()).isFalse();
    }
  }

  @Test
  void theSpecificationMustBeAnEmptyObject() {
    assertThatThrownBy(() -> orders.aggregate(List.of(BsonDocument.parse("{$indexStats: {a: 1}}"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_28803))
        .hasMessage("The $indexStats stage specification must be an empty object");
  }

  @Test
  void itMustBeTheFirstStage() {
    assertThatThrownBy(
            () ->
                orders.aggregate(
                    List.of(
                        BsonDocument.parse("{$match: {}}"),
                        BsonDocument.parse("{$indexStats: {}}"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_40602))
        .hasMessage("$indexStats is only valid as the first stage in a pipeline");
  }

  @Test
  void aViewHasNoIndexStatistics() {
    db.createView("cheap", "orders", List.of(BsonDocument.parse("{$match: {price: {$lt: 15}}}")));

    assertThatThrownBy(
            () ->
                db.collection("cheap", BsonDocument.class)
                    .aggregate(List.of(BsonDocument.parse("{$indexStats: {}}"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW))
        .hasMessage("Namespace shop.cheap is a view, not a collection");
  }

  @Test
  void aSubPipelineRefusesIt() {
    assertThatThrownBy(
            () ->
                orders.aggregate(
                    List.of(
                        BsonDocument.parse(
                            "{$unionWith: {coll: 'orders', pipeline: [{$indexStats: {}}]}}"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_IMPLEMENTED))
        .hasMessage("Cannot run stage $indexStats: not supported in a $unionWith's sub-pipeline");
  }

  @Test
  void aNewIndexStartsCountingAtItsCreation() {
    orders.find(Filters.eq("item", "abc")).into(new ArrayList<>());
    orders.dropIndex("item_1_quantity_1");
    orders.createIndex(new Document("item", 1).append("quantity", 1));

    assertThat(ops(stats(null).get("item_1_quantity_1"))).isZero();
  }
}
