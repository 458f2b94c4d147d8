package dev.mongolake.examples.embedded;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.currentDate;
import static com.mongodb.client.model.Updates.set;

import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.delta.table.DocumentSnapshot;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.bson.Document;

/**
 * A to-do list kept in an embedded MongoLake database: each run opens the data folder, runs one
 * command and closes it again (which flushes the collection to its Delta table), so the list
 * survives between runs.
 *
 * <pre>
 * TodoApp DATA add TITLE...   add a task, numbered 1, 2, ...
 * TodoApp DATA done N         mark task N done
 * TodoApp DATA list           every task, open ones first
 * TodoApp DATA stats          how many are open and done (an aggregation)
 * TodoApp DATA where          where the collection's Delta table is, for other engines
 * </pre>
 */
public final class TodoApp {

  private TodoApp() {}

  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: TodoApp DATA (add TITLE... | done N | list | stats | where)");
      System.exit(2);
    }
    System.exit(run(Path.of(args[0]), Arrays.asList(args).subList(1, args.length), System.out));
  }

  /** Runs one command on the list stored under {@code data}; returns the exit code. */
  static int run(Path data, List<String> command, PrintStream out) {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<Document> tasks = lake.db("todo").collection("tasks");
      // Creating an index that exists already does nothing, so every run may ask for it.
      tasks.createIndex(Indexes.ascending("done", "_id"));
      List<String> arguments = command.subList(1, command.size());
      return switch (command.getFirst()) {
        case "add" -> add(tasks, String.join(" ", arguments), out);
        case "done" -> done(tasks, Integer.parseInt(arguments.getFirst()), out);
        case "list" -> list(tasks, out);
        case "stats" -> stats(tasks, out);
        case "where" -> where(lake, tasks, out);
        default -> {
          out.println("unknown command: " + command.getFirst());
          yield 2;
        }
      };
    }
  }

  private static int add(MongoLakeCollection<Document> tasks, String title, PrintStream out) {
    Document last = tasks.find().sort(Sorts.descending("_id")).limit(1).first();
    int number = last == null ? 1 : last.getInteger("_id") + 1;
    tasks.insertOne(new Document("_id", number).append("title", title).append("done", false));
    out.println("added #" + number + ": " + title);
    return 0;
  }

  private static int done(MongoLakeCollection<Document> tasks, int number, PrintStream out) {
    Document task =
        tasks.findOneAndUpdate(
            eq("_id", number),
            combine(set("done", true), currentDate("doneAt")),
            new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
    if (task == null) {
      out.println("no task #" + number);
      return 1;
    }
    out.println("done #" + number + ": " + task.getString("title"));
    return 0;
  }

  private static int list(MongoLakeCollection<Document> tasks, PrintStream out) {
    // The index on (done, _id) serves this sort: open tasks first, each group in order.
    for (Document task : tasks.find().sort(Sorts.ascending("done", "_id"))) {
      String box = task.getBoolean("done") ? "[x]" : "[ ]";
      out.println(box + " #" + task.getInteger("_id") + " " + task.getString("title"));
    }
    return 0;
  }

  private static int stats(MongoLakeCollection<Document> tasks, PrintStream out) {
    long open = 0;
    long done = 0;
    try (MongoLakeCursor<Document> groups =
        tasks.aggregate(List.of(Aggregates.group("$done", Accumulators.sum("count", 1))))) {
      while (groups.hasNext()) {
        Document group = groups.next();
        long count = group.get("count", Number.class).longValue();
        if (group.getBoolean("_id")) {
          done = count;
        } else {
          open = count;
        }
      }
    }
    out.println(open + " open, " + done + " done");
    return 0;
  }

  private static int where(MongoLake lake, MongoLakeCollection<Document> tasks, PrintStream out) {
    lake.flush(); // so that the table holds every task written so far
    if (tasks.table().isEmpty()) {
      out.println("no table yet: add a task first");
      return 1;
    }
    DocumentSnapshot table = tasks.table().get().snapshot();
    out.println(
        "table "
            + lake.options().path().resolve(tasks.table().get().path())
            + ": Delta version "
            + table.version()
            + ", "
            + table.files().size()
            + " data files");
    return 0;
  }
}
