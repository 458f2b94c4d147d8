package dev.mongolake.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spark 4 with delta-spark reads the document tables the library writes: exactly the live documents
 * (replaced and deleted rows absent, also where deletes are deletion vectors, after a checkpoint),
 * the promoted columns' values, and the {@code doc} column as Spark's VARIANT holding the whole
 * document.
 */
class SparkReadsOurTablesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonWriterSettings RELAXED =
      JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

  @ParameterizedTest
  @ValueSource(strings = {OurTables.PROMOTED, OurTables.DELETION_VECTORS})
  void sparkReadsTheLiveDocumentsWithPromotedColumnsAndTheDocumentAsVariant(String table)
      throws IOException {
    SparkRun run = SparkRun.get();
    TreeMap<Long, BsonDocument> live = run.ourLiveDocuments(table);
    List<List<String>> rows = run.rows("ours", table);

    JsonNode schema = JSON.readTree(run.schema("ours", table));
    assertThat(schema.get("fields").findValuesAsText("name"))
        .containsExactly("_id", "doc", "n", "s");
    assertThat(schema.get("fields").findValuesAsText("type"))
        .containsExactly("long", "variant", "long", "string");
    TreeSet<Long> ids = new TreeSet<>();
    for (List<String> row : rows) {
      long id = Long.parseLong(row.get(0));
      assertThat(ids.add(id)).as("%s: _id %d read once", table, id).isTrue();
      BsonDocument expected = live.get(id);
      assertThat(expected).as("%s: _id %d is live", table, id).isNotNull();
      assertThat(row.get(2))
          .as("%s: n of %d", table, id)
          .isEqualTo(promotedLong(expected.get("n")));
      assertThat(row.get(3))
          .as("%s: s of %d", table, id)
          .isEqualTo(promotedString(expected.get("s")));
      assertThat(row.get(1)).startsWith("variant:");
      JsonNode document = JSON.readTree(row.get(1).substring("variant:".length()));
      JsonNode expectedDocument = JSON.readTree(expected.toJson(RELAXED));
      assertThat(document.equals(SparkReadsOurTablesTest::sameJsonValue, expectedDocument))
          .as("%s: doc of %d: %s is %s", table, id, document, expectedDocument)
          .isTrue();
    }
    assertThat(ids).isEqualTo(live.keySet());
  }

  @ParameterizedTest
  @ValueSource(strings = {OurTables.PROMOTED, OurTables.DELETION_VECTORS})
  void sparkSqlVariantGetReadsPathsOfOurDocuments(String table) {
    SparkRun run = SparkRun.get();
    TreeMap<Long, BsonDocument> live = run.ourLiveDocuments(table);
    List<List<String>> rows = run.rows("ours", table + "-paths");

    assertThat(rows).hasSameSizeAs(live.keySet());
    for (List<String> row : rows) {
      BsonDocument expected = live.get(Long.parseLong(row.get(0)));
      BsonValue profile = expected.get("profile");
      BsonValue name = profile == null ? null : profile.asDocument().get("name");
      BsonValue tags = expected.get("tags");
      BsonValue score = expected.get("score");
      assertThat(row.subList(1, 4))
          .as("%s: paths of %s", table, expected)
          .containsExactly(
              promotedString(name),
              promotedString(tags == null ? null : tags.asArray().get(0)),
              score == null ? "null" : "d" + score.asDouble().getValue());
    }
  }

  @Test
  void sparkReadsAPartitionedTablesPartitionColumnFromTheLog() throws IOException {
    SparkRun run = SparkRun.get();
    TreeMap<Long, BsonDocument> live = run.ourLiveDocuments(OurTables.PARTITIONED);
    List<List<String>> rows = run.rows("ours", OurTables.PARTITIONED);

    JsonNode schema = JSON.readTree(run.schema("ours", OurTables.PARTITIONED));
    assertThat(schema.get("fields").findValuesAsText("name"))
        .containsExactly("_id", "doc", "n", "s", "region");
    TreeSet<Long> ids = new TreeSet<>();
    for (List<String> row : rows) {
      long id = Long.parseLong(row.get(0));
      assertThat(ids.add(id)).as("_id %d read once", id).isTrue();
      BsonDocument expected = live.get(id);
      assertThat(expected).as("_id %d is live", id).isNotNull();
      // A region that is not a string is in the null partition: Spark reads null there.
      assertThat(row.get(4))
          .as("region of %d", id)
          .isEqualTo(promotedString(expected.get("region")));
      assertThat(row.get(2)).isEqualTo(promotedLong(expected.get("n")));
    }
    assertThat(ids).isEqualTo(live.keySet());
  }

  @Test
  void theTablesSparkReadHaveDeletionVectorsAndCheckpointsWhereIntended() throws IOException {
    SparkRun run = SparkRun.get();
    FileSystemStorage storage = new FileSystemStorage(run.ours());
    Snapshot vectors = DeltaTable.forPath(storage, OurTables.DELETION_VECTORS).snapshot();
    Snapshot rewritten = DeltaTable.forPath(storage, OurTables.PROMOTED).snapshot();

    assertThat(vectors.files()).anyMatch(f -> f.deletionVector() != null);
    assertThat(vectors.protocol().readerFeatures()).contains("deletionVectors", "variantType");
    assertThat(rewritten.files()).allMatch(f -> f.deletionVector() == null);
    Path log = run.ours().resolve(OurTables.DELETION_VECTORS).resolve("_delta_log");
    assertThat(log.resolve("%020d.json".formatted(0))).doesNotExist();
    for (String table : List.of(OurTables.PROMOTED, OurTables.DELETION_VECTORS)) {
      assertThat(run.ours().resolve(table).resolve("_delta_log/_last_checkpoint"))
          .as(table)
          .exists();
    }
  }

  private static String promotedLong(BsonValue value) {
    return value != null && value.isInt64() ? Long.toString(value.asInt64().getValue()) : "null";
  }

  private static String promotedString(BsonValue value) {
    return value != null && value.isString()
        ? JSON.getNodeFactory().textNode(value.asString().getValue()).toString()
        : "null";
  }

  /** JSON values compare equal, numbers by value (Spark may print 2.0 where BSON prints 2.0). */
  private static int sameJsonValue(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return new BigDecimal(a.asText()).compareTo(new BigDecimal(b.asText()));
    }
    return a.equals(b) ? 0 : 1;
  }
}
