package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;

import java.nio.file.Path;
import java.util.Random;
import org.bson.Document;

/**
 * The process {@link CrashRecoveryTest} kills: inserts, updates and deletes documents one at a time
 * (with an index on {@code v} to maintain), flushing to the tables now and then, and prints each
 * operation once it is acknowledged.
 */
public final class CrashRecoveryChild {

  private CrashRecoveryChild() {}

  public static void main(String[] args) {
    Path root = Path.of(args[0]);
    int start = Integer.parseInt(args[1]);
    Random random = new Random(Long.parseLong(args[2]));
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<Document> docs = lake.db("crash").collection("docs");
      docs.createIndex(new Document("v", 1));
      System.out.println("ready");
      for (int i = start; ; i++) {
        int action = random.nextInt(10);
        if (action < 6 || i - start < 5) {
          docs.insertOne(new Document("_id", i).append("v", 0));
          System.out.println("I " + i);
        } else if (action < 8) {
          int target = start + random.nextInt(i - start);
          if (docs.updateOne(eq("_id", target), set("v", i)).getModifiedCount() == 1) {
            System.out.println("U " + target + " " + i);
          }
        } else if (action < 9) {
          int target = start + random.nextInt(i - start);
          if (docs.deleteOne(eq("_id", target)).getDeletedCount() == 1) {
            System.out.println("D " + target);
          }
        } else {
          lake.flush();
          System.out.println("F");
        }
      }
    }
  }
}
