package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link MongoLakeOptions#withAggregationMemoryLimitBytes} limits every aggregate's stages. */
class AggregationMemoryLimitOptionTest {

  @TempDir Path root;

  private static final List<Document> GROUP =
      List.of(Document.parse("{$group: {_id: '$_id', all: {$push: '$note'}}}"));

  private static List<BsonDocument> drain(MongoLakeCursor<BsonDocument> cursor) {
    List<BsonDocument> out = new ArrayList<>();
    try (cursor) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  @Test
  void aLakeWithASmallLimitSpillsOrFailsAsAllowDiskUseSays() {
    try (MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults().withPath(root).withAggregationMemoryLimitBytes(20_000))) {
      MongoLakeCollection<BsonDocument> items =
          lake.db("app").collection("items", BsonDocument.class);
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < 1_000; i++) {
        documents.add(BsonDocument.parse("{_id: " + i + ", note: 'note " + i + "'}"));
      }
      items.insertMany(documents);
      assertThat(drain(items.aggregate(GROUP, null, true))).hasSize(1_000);
      assertThatThrownBy(() -> drain(items.aggregate(GROUP, null, false)))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e ->
                  assertThat(e.errorCode())
                      .isEqualTo(ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED));
    }
  }

  @Test
  void theDefaultIsMongoDbsHundredMebibytes() {
    assertThat(MongoLakeOptions.defaults().aggregationMemoryLimitBytes())
        .isEqualTo(100L * 1024 * 1024);
  }

  @Test
  void aLimitMustBePositive() {
    assertThatThrownBy(() -> MongoLakeOptions.defaults().withAggregationMemoryLimitBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot limit aggregation stages to 0 bytes: expected a positive number");
  }
}
