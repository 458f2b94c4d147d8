package dev.mongolake.examples.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Sorts;
import dev.mongolake.MongoLake;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TodoAppTest {

  @TempDir Path data;

  @Test
  void theListSurvivesBetweenRuns() {
    assertThat(run("add", "Buy", "milk")).isEqualTo("added #1: Buy milk\n");
    assertThat(run("add", "Write", "the", "report")).isEqualTo("added #2: Write the report\n");
    assertThat(run("add", "Call", "Ada")).isEqualTo("added #3: Call Ada\n");
    assertThat(run("done", "2")).isEqualTo("done #2: Write the report\n");

    assertThat(run("list"))
        .isEqualTo("[ ] #1 Buy milk\n[ ] #3 Call Ada\n[x] #2 Write the report\n");
    assertThat(run("stats")).isEqualTo("2 open, 1 done\n");
  }

  @Test
  void eachRunLeavesTheTasksInTheCollectionsDeltaTable() {
    run("add", "Buy", "milk");
    run("done", "1");

    try (MongoLake lake = MongoLake.open(data)) {
      var tasks = lake.db("todo").collection("tasks");
      assertThat(tasks.table()).as("flushed when the app closed the lake").isPresent();
      BsonDocument task = tasks.table().get().snapshot().findById(new BsonInt32(1)).orElseThrow();
      assertThat(task.getBoolean("done").getValue()).isTrue();
      assertThat(task).containsKey("doneAt");
      assertThat(tasks.plannedIndex(new Document(), Sorts.ascending("done", "_id")))
          .as("the index that serves the list's sort")
          .containsEntry("name", new BsonString("done_1__id_1"));
    }
  }

  @Test
  void whereNamesTheTableFolder() {
    run("add", "Buy", "milk");

    assertThat(run("where"))
        .isEqualTo("table " + data.resolve("todo/tasks") + ": Delta version 1, 1 data files\n");
    assertThat(data.resolve("todo/tasks/_delta_log")).isDirectory();
  }

  @Test
  void doneOfAMissingTaskSaysSoAndFails() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    int exit = TodoApp.run(data, Arrays.asList("done", "7"), new PrintStream(bytes, true));

    assertThat(exit).isEqualTo(1);
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("no task #7\n");
  }

  private String run(String... command) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int exit = TodoApp.run(data, Arrays.asList(command), new PrintStream(bytes, true));
    assertThat(exit).as("exit code of %s", Arrays.toString(command)).isZero();
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
