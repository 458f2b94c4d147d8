package dev.mongolake;

import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.set;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background vacuum deletes a table's replaced files past the lake's retention, and keeps the
 * files the current version lists.
 */
class AutomaticVacuumTest {

  @TempDir Path data;

  @Test
  void backgroundVacuumDeletesReplacedFilesPastTheLakesRetention() throws IOException {
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(data)
            .withVacuum(new VacuumSettings(Duration.ZERO, Duration.ofMillis(20)));
    try (MongoLake lake = MongoLake.open(options)) {
      MongoLakeCollection items = lake.db("app").collection("items");
      items.insertMany(
          IntStream.range(0, 20).mapToObj(i -> new Document("_id", i).append("v", 0)).toList());
      lake.flush();
      items.updateMany(lt("_id", 10), set("v", 1));
      lake.flush();
      items.updateMany(gte("_id", 10), set("v", 1));
      lake.flush();

      // A dry run deletes nothing: it lists nothing only once the background pass has deleted them.
      Awaitility.await()
          .untilAsserted(
              () -> assertThat(items.vacuum(Duration.ZERO, true, false).paths()).isEmpty());
      assertThat(items.countDocuments(new Document("v", 1))).isEqualTo(20);
    }
  }

  private List<Path> parquetFiles() throws IOException {
    try (Stream<Path> files = Files.list(data.resolve("app/items"))) {
      return files.filter(p -> p.toString().endsWith(".parquet")).toList();
    }
  }
}
