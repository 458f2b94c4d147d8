package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code $expr} comparison of a field with a constant ({@code $gt $gte $lt $lte}) is served by
 * an index on the field while every document's key there is its value: it compares across types (a
 * string is greater than any number, a missing field less than all), which is the index's own
 * order. Once a document puts an array on the indexed path the index is multikey, for good and
 * across restarts, and such comparisons scan; sparse and partial indexes never serve them.
 */
class ExprRangesOnIndexesTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> items;

  private void open() {
    lake = MongoLake.open(root);
    items = lake.db("app").collection("items", BsonDocument.class);
  }

  @AfterEach
  void close() {
    if (lake != null) {
      lake.close();
    }
  }

  private void load() {
    open();
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      documents.add(BsonDocument.parse("{_id: " + i + ", n: " + i + "}"));
    }
    documents.add(BsonDocument.parse("{_id: 'text', n: 'a string'}"));
    documents.add(BsonDocument.parse("{_id: 'none'}"));
    documents.add(BsonDocument.parse("{_id: 'null', n: null}"));
    documents.add(BsonDocument.parse("{_id: 'object', n: {x: 1}}"));
    documents.add(BsonDocument.parse("{_id: 'long', n: {$numberLong: '150'}}"));
    items.insertMany(documents.subList(0, 120));
    lake.flush();
    items.insertMany(documents.subList(120, documents.size()));
    items.createIndex(Indexes.ascending("n"));
  }

  private static final List<String> COMPARISONS =
      List.of(
          "{$expr: {$gt: ['$n', 150]}}",
          "{$expr: {$gte: ['$n', 150]}}",
          "{$expr: {$lt: ['$n', 3]}}",
          "{$expr: {$lte: ['$n', {$literal: 3}]}}",
          "{$expr: {$lt: [150, '$n']}}",
          "{$expr: {$and: [{$gt: ['$n', 195]}, {$eq: [1, 1]}]}}");

  /** The matches, by the index or not, against the same filter over every document by hand. */
  private List<BsonValue> ids(String filter) {
    List<BsonValue> out = new ArrayList<>();
    items
        .find(BsonDocument.parse(filter))
        .sort(BsonDocument.parse("{_id: 1}"))
        .forEach(document -> out.add(document.get("_id")));
    return out;
  }

  /** The same filter matched on every document, read without a filter (so by no index). */
  private List<BsonValue> idsByScan(String filter) {
    var matches = items.matcher(BsonDocument.parse(filter));
    List<BsonValue> out = new ArrayList<>();
    items
        .find()
        .sort(BsonDocument.parse("{_id: 1}"))
        .forEach(
            document -> {
              if (matches.test(document)) {
                out.add(document.get("_id"));
              }
            });
    return out;
  }

  @Test
  void comparisonsUseTheIndexAndMatchAcrossTypesAsAScanDoes() {
    load();
    for (String filter : COMPARISONS) {
      BsonDocument planned = items.plannedIndex(BsonDocument.parse(filter), new BsonDocument());
      assertThat(planned).as(filter).isNotNull();
      assertThat(planned.getString("name").getValue()).as(filter).isEqualTo("n_1");
      assertThat(ids(filter)).as(filter).isEqualTo(idsByScan(filter)).isNotEmpty();
    }
    assertThat(ids("{$expr: {$gt: ['$n', 150]}}"))
        .contains(new org.bson.BsonString("text"), new org.bson.BsonString("object"))
        .doesNotContain(new org.bson.BsonString("none"), new org.bson.BsonString("long"));
    assertThat(ids("{$expr: {$lt: ['$n', 3]}}"))
        .contains(new org.bson.BsonString("none"), new org.bson.BsonString("null"));
  }

  @Test
  void anArrayOnThePathMakesTheIndexMultikeyForGoodAndAcrossARestart() {
    load();
    items.insertOne(BsonDocument.parse("{_id: 'array', n: [1, 2]}"));
    items.deleteOne(BsonDocument.parse("{_id: 'array'}"));
    items.insertOne(BsonDocument.parse("{_id: 'array2', n: [1]}"));

    for (String filter : COMPARISONS) {
      assertThat(items.plannedIndex(BsonDocument.parse(filter), new BsonDocument()))
          .as(filter)
          .isNull();
      assertThat(ids(filter)).as(filter).isEqualTo(idsByScan(filter));
    }
    // An array is greater than any number: the index's element keys (1) would have missed it.
    assertThat(ids("{$expr: {$gt: ['$n', 150]}}")).contains(new org.bson.BsonString("array2"));

    lake.flush();
    lake.close();
    open();
    assertThat(
            items.plannedIndex(
                BsonDocument.parse("{$expr: {$gt: ['$n', 150]}}"), new BsonDocument()))
        .isNull();
    assertThat(ids("{$expr: {$gt: ['$n', 150]}}")).contains(new org.bson.BsonString("array2"));
  }

  @Test
  void sparseAndPartialIndexesDoNotServeComparisons() {
    open();
    items.insertMany(
        List.of(BsonDocument.parse("{_id: 1, n: 1, m: 1}"), BsonDocument.parse("{_id: 2}")));
    items.createIndex(Indexes.ascending("n"), new IndexOptions().sparse(true));
    items.createIndex(
        Indexes.ascending("m"),
        new IndexOptions().partialFilterExpression(BsonDocument.parse("{m: {$gt: 0}}")));

    assertThat(
            items.plannedIndex(BsonDocument.parse("{$expr: {$lt: ['$n', 5]}}"), new BsonDocument()))
        .isNull();
    assertThat(
            items.plannedIndex(BsonDocument.parse("{$expr: {$lt: ['$m', 5]}}"), new BsonDocument()))
        .isNull();
    // The missing field is below 5: a sparse index would have lost _id 2.
    assertThat(ids("{$expr: {$lt: ['$n', 5]}}"))
        .containsExactly(new org.bson.BsonInt32(1), new org.bson.BsonInt32(2));
  }
}
