package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Closing tells what its final flush writes, collection by collection. */
class CloseProgressTest {

  @TempDir Path root;

  /** Records what a flush reports, as lines. */
  private static final class Recorded implements FlushProgress {
    final List<String> lines = new ArrayList<>();

    @Override
    public void started(int collections, long documents) {
      lines.add("started " + collections + " " + documents);
    }

    @Override
    public void flushed(Namespace namespace, int done, int total) {
      lines.add("flushed " + namespace + " " + done + "/" + total);
    }
  }

  @Test
  void closeReportsEachCollectionWithBufferedChanges() {
    Recorded progress = new Recorded();
    MongoLake lake = MongoLake.open(root);
    lake.db("app").collection("users").insertOne(new Document("_id", 1));
    lake.db("app").collection("users").insertOne(new Document("_id", 2));
    lake.db("app").collection("orders").insertOne(new Document("_id", 1));

    lake.close(progress);

    assertThat(progress.lines).hasSize(3);
    assertThat(progress.lines.getFirst()).isEqualTo("started 2 3");
    // Collections flush in no particular order; the count goes up by one each time.
    assertThat(progress.lines.get(1)).matches("flushed app\\.(users|orders) 1/2");
    assertThat(progress.lines.get(2)).matches("flushed app\\.(users|orders) 2/2");
    assertThat(progress.lines.subList(1, 3))
        .anySatisfy(line -> assertThat(line).contains("app.users"))
        .anySatisfy(line -> assertThat(line).contains("app.orders"));
  }

  @Test
  void closeAfterAFlushReportsNothingToFlush() {
    Recorded progress = new Recorded();
    MongoLake lake = MongoLake.open(root);
    lake.db("app").collection("users").insertOne(new Document("_id", 1));
    lake.flush();

    lake.close(progress);

    assertThat(progress.lines).containsExactly("started 0 0");
  }
}
