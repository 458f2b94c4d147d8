package dev.mongolake;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.RenameCollectionOptions;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import org.bson.Document;

/**
 * The process {@link RenameCrashTest} kills around renames, writing each acknowledged operation to
 * the acknowledgements file. Two modes:
 *
 * <ul>
 *   <li>{@code step <root> <tables> <haltBefore> <dropTarget> <flushFirst> <acks>}: fills {@code
 *       crash.a} (and {@code crash.b} with {@code dropTarget}), then renames {@code a} to {@code b}
 *       with the tables' storage stopping the process just before the step {@code haltBefore} names
 *       (see {@link HaltingStorage}); without such a step it halts after the rename and one more
 *       insert;
 *   <li>{@code loop <root> <start> <seed> <acks>}: inserts into whichever of {@code crash.x} and
 *       {@code crash.y} exists, renaming it to the other now and then, until killed.
 * </ul>
 */
public final class RenameCrashChild {

  private RenameCrashChild() {}

  public static void main(String[] args) throws IOException {
    if (args[0].equals("step")) {
      step(
          Path.of(args[1]),
          args[2],
          args[3],
          Boolean.parseBoolean(args[4]),
          Boolean.parseBoolean(args[5]),
          new Acknowledgements(Path.of(args[6])));
    } else {
      loop(
          Path.of(args[1]),
          Integer.parseInt(args[2]),
          new Random(Long.parseLong(args[3])),
          new Acknowledgements(Path.of(args[4])));
    }
  }

  private static void step(
      Path root,
      String tables,
      String haltBefore,
      boolean dropTarget,
      boolean flushFirst,
      Acknowledgements acks)
      throws IOException {
    MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults().withPath(root).withTables("halting://" + tables));
    MongoLakeCollection<Document> a = lake.db("crash").collection("a");
    a.createIndex(new Document("v", 1));
    for (int i = 0; i < 10; i++) {
      a.insertOne(new Document("_id", i).append("v", i));
    }
    if (dropTarget) {
      lake.db("crash").collection("b").insertOne(new Document("_id", 100).append("v", 100));
    }
    if (flushFirst) {
      lake.flush();
    }
    for (int i = 10; i < 15; i++) {
      a.insertOne(new Document("_id", i).append("v", i));
    }
    acks.line("ready");
    HaltingStorage.haltBefore = haltBefore.equals("none") ? null : haltBefore;
    a.renameCollection(
        new MongoNamespace("crash", "b"), new RenameCollectionOptions().dropTarget(dropTarget));
    acks.line("renamed");
    lake.db("crash").collection("b").insertOne(new Document("_id", 15).append("v", 15));
    acks.line("I 15");
    Runtime.getRuntime().halt(137);
  }

  private static void loop(Path root, int start, Random random, Acknowledgements acks)
      throws IOException {
    try (MongoLake lake = MongoLake.open(root)) {
      String name = lake.db("crash").listCollectionNames().contains("y") ? "y" : "x";
      MongoLakeCollection<Document> current = lake.db("crash").collection(name);
      current.createIndex(new Document("v", 1));
      acks.line("ready");
      for (int i = start; ; i++) {
        int action = random.nextInt(10);
        if (action < 7) {
          current.insertOne(new Document("_id", i).append("v", i));
          acks.line("I " + i);
        } else if (action < 9) {
          String other = name.equals("x") ? "y" : "x";
          current.renameCollection(new MongoNamespace("crash", other));
          name = other;
          current = lake.db("crash").collection(name);
          acks.line("R " + name);
        } else {
          lake.flush();
          acks.line("F");
        }
      }
    }
  }

  /** Appends one line per acknowledged operation with a single unbuffered write. */
  private static final class Acknowledgements {
    private final FileOutputStream out;

    Acknowledgements(Path file) throws IOException {
      this.out = new FileOutputStream(file.toFile(), true);
    }

    void line(String text) throws IOException {
      out.write((text + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }
}
