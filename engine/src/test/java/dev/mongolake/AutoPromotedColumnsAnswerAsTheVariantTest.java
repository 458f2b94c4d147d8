package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Collation;
import com.mongodb.client.model.CollationStrength;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.PromotedColumn;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With automatic promotion on by default, a flushed collection's consistently typed fields are also
 * typed columns whose statistics prune files and whose values feed column batches. Values that do
 * not fit (another type, null, missing) stay only in the document, so every query must answer as
 * over the same documents in a collection without promoted columns.
 */
class AutoPromotedColumnsAnswerAsTheVariantTest {

  @TempDir Path root;

  private static final List<String> FILTERS =
      List.of(
          "{status: 'active'}",
          "{status: {$in: ['active', 'pending']}}",
          "{status: {$gt: 'b'}}",
          "{status: {$lt: 'b'}}",
          "{status: 7}",
          "{status: null}",
          "{status: {$exists: false}}",
          "{status: {$type: 'int'}}",
          "{age: 30}",
          "{age: {$gt: 60}}",
          "{age: {$gte: 30.5, $lt: 31}}",
          "{age: '42'}",
          "{age: {$lt: 'z'}}",
          "{age: {$type: 'double'}}",
          "{age: null}",
          "{age: {$ne: 30}}",
          "{age: {$nin: [20, 21, 22]}}",
          "{createdAt: {$gt: {$date: '2024-06-01T00:00:00Z'}}}",
          "{score: 42}",
          "{score: {$type: 'int'}}",
          "{score: {$gt: 50, $lt: 100.5}}",
          "{verified: true}",
          "{verified: {$ne: true}}",
          "{$or: [{status: 'pending'}, {age: {$lt: 20}}]}",
          "{$expr: {$gt: ['$age', 70]}}");

  @Test
  void findCountAndGroupAnswerAsOverThePlainLayout() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeDatabase app = lake.db("app");
      app.createCollection("plain", BsonDocument.parse("{mongolake: {autoPromote: false}}"));
      MongoLakeCollection<Document> plain = app.collection("plain");
      MongoLakeCollection<Document> promoted = app.collection("promoted");
      // Two flushes, so that the second file is written under the schema the first one promoted.
      for (int part = 0; part < 2; part++) {
        List<Document> documents = documents(part * 500, 500, part);
        plain.insertMany(documents);
        promoted.insertMany(documents);
        lake.flush();
      }

      // age is mostly Int32 (an int column), score mixes Int32 and Double (a double column).
      assertThat(promoted.table().orElseThrow().snapshot().config().schema().columns())
          .extracting(PromotedColumn::path)
          .containsExactlyInAnyOrder("status", "age", "score", "createdAt", "verified");
      assertThat(promoted.table().orElseThrow().snapshot().config().schema().columns())
          .filteredOn(column -> !column.path().equals("status"))
          .extracting(column -> column.type().configName())
          .containsExactly("int", "double", "timestamp", "bool");
      assertThat(plain.table().orElseThrow().snapshot().config().schema())
          .isEqualTo(DocumentSchema.empty());
      for (String filter : FILTERS) {
        Document query = Document.parse(filter);
        assertThat(ids(promoted.find(query))).as(filter).isEqualTo(ids(plain.find(query)));
        assertThat(promoted.countDocuments(query))
            .as(filter)
            .isEqualTo(plain.countDocuments(query));
      }
      Collation caseless =
          Collation.builder().locale("en").collationStrength(CollationStrength.SECONDARY).build();
      Document upper = Document.parse("{status: 'ACTIVE'}");
      assertThat(ids(promoted.find(upper).collation(caseless)))
          .isEqualTo(ids(plain.find(upper).collation(caseless)))
          .isNotEmpty();
      List<Document> group =
          List.of(
              Document.parse("{$match: {status: {$in: ['active', 'pending']}}}"),
              Document.parse(
                  "{$group: {_id: '$status', n: {$sum: 1}, ages: {$sum: '$age'},"
                      + " oldest: {$max: '$age'}, scores: {$sum: '$score'},"
                      + " low: {$min: '$score'}, last: {$max: '$createdAt'}}}"),
              Document.parse("{$sort: {_id: 1}}"));
      assertThat(drain(promoted, group)).isEqualTo(drain(plain, group));
      for (String sort : List.of("{age: -1, _id: 1}", "{score: 1, _id: 1}")) {
        List<Document> top =
            List.of(new Document("$sort", Document.parse(sort)), Document.parse("{$limit: 10}"));
        assertThat(drain(promoted, top)).as(sort).isEqualTo(drain(plain, top));
      }
    }
  }

  /** Mostly consistent fields, with a few values of other types, nulls and missing fields. */
  private static List<Document> documents(int first, int count, long seed) {
    Random random = new Random(seed);
    String[] statuses = {"active", "active", "Active", "pending", "banned"};
    List<Document> documents = new ArrayList<>();
    for (int i = first; i < first + count; i++) {
      Document document = new Document("_id", i);
      int shape = random.nextInt(100);
      if (shape < 3) {
        document.append("status", 7);
      } else if (shape < 5) {
        document.append("status", null);
      } else if (shape >= 7) {
        document.append("status", statuses[random.nextInt(statuses.length)]);
      }
      int age = 18 + random.nextInt(60);
      Object ageValue = age;
      if (shape % 20 == 1) {
        ageValue = "42";
      } else if (shape == 2 || shape == 27) {
        ageValue = 30.5;
      }
      document.append("age", ageValue);
      // Ints and doubles half and half: a double column that also holds Int32 values.
      document.append("score", random.nextBoolean() ? (Object) random.nextInt(100) : 0.5 + i);
      document.append("createdAt", new Date(1_704_067_200_000L + random.nextInt(1_000_000_000)));
      document.append("verified", random.nextInt(25) == 0 ? null : random.nextBoolean());
      documents.add(document);
    }
    return documents;
  }

  private static List<Object> ids(Iterable<Document> documents) {
    List<Object> ids = new ArrayList<>();
    documents.forEach(document -> ids.add(document.get("_id")));
    ids.sort(null);
    return ids;
  }

  private static List<Document> drain(
      MongoLakeCollection<Document> items, List<Document> pipeline) {
    List<Document> out = new ArrayList<>();
    try (MongoLakeCursor<Document> cursor = items.aggregate(pipeline)) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }
}
