package dev.mongolake.index;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Sorts.descending;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexPlannerTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<Document> items;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    items = lake.db("app").collection("items");
    for (int i = 0; i < 20; i++) {
      items.insertOne(
          new Document("_id", i)
              .append("n", i)
              .append("group", "g" + (i % 3))
              .append("tags", List.of("t" + i, "all")));
      if (i == 9) {
        lake.flush();
      }
    }
    items.createIndex(Indexes.ascending("n"));
    items.createIndex(Indexes.ascending("group", "n"));
    items.createIndex(Indexes.ascending("tags"));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private List<Object> ids(Bson filter) {
    return items.find(filter).into(new ArrayList<>()).stream().map(d -> d.get("_id")).toList();
  }

  private String planned(Bson filter, Bson sort) {
    BsonDocument index = items.plannedIndex(filter, sort);
    return index == null ? "COLLSCAN" : index.getString("name").getValue();
  }

  @Test
  void equalityInAndRangeOnALeadingFieldUseTheIndex() {
    assertThat(planned(eq("n", 3), null)).isEqualTo("n_1");
    assertThat(planned(in("n", 3, 15), null)).isEqualTo("n_1");
    assertThat(planned(gt("n", 15), null)).isEqualTo("n_1");
    assertThat(planned(eq("group", "g1"), null)).isEqualTo("group_1_n_1");
    assertThat(planned(eq("other", 1), null)).isEqualTo("COLLSCAN");
    assertThat(planned(eq("n", null), null)).isEqualTo("COLLSCAN");
    assertThat(planned(new Document(), descending("n"))).isEqualTo("n_1");
  }

  @Test
  void indexedReadsReturnWhatAScanReturns() {
    assertThat(ids(eq("n", 3))).containsExactly(3);
    assertThat(ids(eq("n", 15))).containsExactly(15);
    assertThat(ids(in("n", 15, 3, 42))).containsExactlyInAnyOrder(3, 15);
    assertThat(ids(gte("n", 17))).containsExactlyInAnyOrder(17, 18, 19);
    assertThat(ids(and(gt("n", 7), lt("n", 11)))).containsExactlyInAnyOrder(8, 9, 10);
    assertThat(ids(and(eq("group", "g1"), gt("n", 12)))).containsExactlyInAnyOrder(13, 16, 19);
    assertThat(ids(eq("tags", "t12"))).containsExactly(12);
    assertThat(ids(eq("tags", "all"))).hasSize(20);
    assertThat(items.find().sort(descending("n")).limit(2).into(new ArrayList<>()))
        .extracting(d -> d.get("_id"))
        .containsExactly(19, 18);
  }

  @Test
  void indexedReadsFollowUpdatesAndDeletes() {
    items.updateOne(eq("_id", 3), set("n", 103));
    items.updateOne(eq("_id", 15), set("n", 115));
    items.deleteOne(eq("_id", 4));

    assertThat(ids(eq("n", 3))).isEmpty();
    assertThat(ids(eq("n", 103))).containsExactly(3);
    assertThat(ids(gt("n", 100))).containsExactlyInAnyOrder(3, 15);
    assertThat(ids(in("n", 4, 5))).containsExactly(5);

    lake.flush();
    assertThat(ids(gt("n", 100))).containsExactlyInAnyOrder(3, 15);
    assertThat(items.deleteMany(gt("n", 100)).getDeletedCount()).isEqualTo(2);
    assertThat(ids(gt("n", 100))).isEmpty();
  }

  @Test
  void rangeOnAnArrayFieldMatchesElementsSeparately() {
    items.insertOne(new Document("_id", 100).append("n", List.of(1, 50)));

    assertThat(ids(and(gt("n", 30), lt("n", 40)))).containsExactly(100);
  }

  @Test
  void partialIndexIsUsedOnlyWhenTheQueryRepeatsItsFilter() {
    items.createIndex(
        Indexes.ascending("price"),
        new IndexOptions().partialFilterExpression(new Document("flag", true)));

    assertThat(planned(eq("price", 3), null)).isEqualTo("COLLSCAN");
    assertThat(planned(and(eq("price", 3), eq("flag", true)), null)).isEqualTo("price_1");
  }

  @Test
  void indexesAreRebuiltOnRestart() {
    lake.close();
    lake = MongoLake.open(root);
    items = lake.db("app").collection("items");

    assertThat(planned(eq("n", 3), null)).isEqualTo("n_1");
    assertThat(ids(in("n", 3, 15))).containsExactlyInAnyOrder(3, 15);
  }
}
