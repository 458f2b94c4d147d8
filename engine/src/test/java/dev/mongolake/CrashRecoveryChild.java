package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import org.bson.Document;

/**
 * The process {@link CrashRecoveryTest} kills: inserts, updates and deletes documents one at a time
 * (with an index on {@code v} to maintain), flushing to the tables now and then, and prints each
 * operation to the acknowledgements file once it is acknowledged.
 */
public final class CrashRecoveryChild {

  private CrashRecoveryChild() {}

  public static void main(String[] args) throws IOException {
    Path root = Path.of(args[0]);
    int start = Integer.parseInt(args[1]);
    Random random = new Random(Long.parseLong(args[2]));
    Acknowledgements acks = new Acknowledgements(Path.of(args[3]));
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<Document> docs = lake.db("crash").collection("docs");
      docs.createIndex(new Document("v", 1));
      acks.line("ready");
      for (int i = start; ; i++) {
        int action = random.nextInt(10);
        if (action < 6 || i - start < 5) {
          docs.insertOne(new Document("_id", i).append("v", 0));
          acks.line("I " + i);
        } else if (action < 8) {
          int target = start + random.nextInt(i - start);
          if (docs.updateOne(eq("_id", target), set("v", i)).getModifiedCount() == 1) {
            acks.line("U " + target + " " + i);
          }
        } else if (action < 9) {
          int target = start + random.nextInt(i - start);
          if (docs.deleteOne(eq("_id", target)).getDeletedCount() == 1) {
            acks.line("D " + target);
          }
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
