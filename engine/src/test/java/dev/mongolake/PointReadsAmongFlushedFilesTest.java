package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A find by {@code _id} among several flushed data files whose uniformly random ids give every file
 * the whole key range, told by explain's {@code tableLookup}: one file opened and one page read,
 * the buffer's newer version or delete winning over the table.
 */
class PointReadsAmongFlushedFilesTest {
  private static final int FLUSHES = 6;
  private static final int PER_FLUSH = 500;

  @TempDir Path data;

  private final List<Integer> ids = new ArrayList<>();

  @BeforeEach
  void randomIds() {
    Random random = new Random(41);
    Set<Integer> distinct = new LinkedHashSet<>();
    while (distinct.size() < FLUSHES * PER_FLUSH) {
      distinct.add(random.nextInt());
    }
    ids.addAll(distinct);
  }

  /** Flushed only when the test says so: each flush writes one data file. */
  private MongoLake open() {
    return MongoLake.open(
        MongoLakeOptions.defaults().withPath(data).withFlushInterval(Duration.ofDays(1)));
  }

  private MongoLakeCollection<Document> load(MongoLake lake) {
    MongoLakeCollection<Document> collection = lake.db("app").collection("points");
    String pad = "p".repeat(900);
    for (int flush = 0; flush < FLUSHES; flush++) {
      List<Document> batch = new ArrayList<>();
      for (int id : ids.subList(flush * PER_FLUSH, (flush + 1) * PER_FLUSH)) {
        batch.add(new Document("_id", id).append("v", 1).append("pad", pad));
      }
      collection.insertMany(batch);
      lake.flush();
    }
    assertThat(collection.table().orElseThrow().snapshot().files()).hasSize(FLUSHES);
    // The first lookup of an absent id inside every file's _id range reads every file's footer
    // and bloom filters once.
    int absent = 0;
    while (ids.contains(absent)) {
      absent++;
    }
    assertThat(collection.find(eq("_id", absent)).first()).isNull();
    return collection;
  }

  @Test
  void lookupByIdAmongFilesWithRandomIdsOpensOneFileAndReadsOnePage() {
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> collection = load(lake);
      for (int id : ids.subList(0, 60)) {
        BsonDocument lookup = tableLookup(collection.find(eq("_id", id)).explain(true));
        assertThat(lookup.getInt64("filesTotal").getValue()).isEqualTo(FLUSHES);
        assertThat(lookup.getInt64("filesOpened").getValue()).as("files for %d", id).isEqualTo(1);
        assertThat(lookup.getInt64("pagesRead").getValue()).as("pages for %d", id).isEqualTo(1);
        assertThat(lookup.getInt64("rowsRead").getValue()).isEqualTo(1);
        assertThat(collection.find(eq("_id", id)).first()).containsEntry("v", 1);
      }
    }
  }

  @Test
  void newerBufferedVersionWinsOverTheTable() {
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> collection = load(lake);
      int id = ids.get(PER_FLUSH + 7);
      collection.updateOne(eq("_id", id), set("v", 2));
      assertThat(collection.find(eq("_id", id)).first()).containsEntry("v", 2);
      // The buffer answered: the table was not read.
      QueryExplanation explained = collection.find(eq("_id", id)).explain(true);
      assertThat(idHack(explained).containsKey("tableLookup")).isFalse();
      lake.flush();
      // Now the table's rewritten file holds it: read from its one page, then from the cache.
      assertThat(tableLookup(collection.find(eq("_id", id)).explain(true)))
          .containsEntry("pagesRead", new BsonInt64(1));
      assertThat(collection.find(eq("_id", id)).first()).containsEntry("v", 2);
    }
  }

  @Test
  void deletedDocumentIsNotFoundBeforeOrAfterTheFlush() {
    try (MongoLake lake = open()) {
      MongoLakeCollection<Document> collection = load(lake);
      int id = ids.get(3 * PER_FLUSH + 11);
      assertThat(collection.deleteOne(eq("_id", id)).getDeletedCount()).isEqualTo(1);
      assertThat(collection.find(eq("_id", id)).first()).isNull();
      lake.flush();
      assertThat(collection.find(eq("_id", id)).first()).isNull();
      // Its neighbours, in the file the delete rewrote, still read one page.
      for (int neighbour : ids.subList(3 * PER_FLUSH, 3 * PER_FLUSH + 10)) {
        assertThat(tableLookup(collection.find(eq("_id", neighbour)).explain(true)))
            .containsEntry("pagesRead", new BsonInt64(1));
      }
    }
  }

  private static BsonDocument idHack(QueryExplanation explanation) {
    BsonDocument stage = explanation.executionStats().getDocument("executionStages");
    while (!stage.getString("stage").getValue().equals("IDHACK")) {
      stage = stage.getDocument("inputStage");
    }
    return stage;
  }

  private static BsonDocument tableLookup(QueryExplanation explanation) {
    return idHack(explanation).getDocument("tableLookup");
  }
}
