package dev.mongolake.examples.embedded;

// tag::getting-started[] docs/getting-started.md shows every line up to end::getting-started.
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import org.bson.Document;

public class GettingStarted {
  public static void main(String[] args) {
    try (MongoLake lake = MongoLake.open()) { // ./.mongolake, or $MONGOLAKE_PATH
      MongoLakeCollection<Document> users = lake.db("myapp").collection("users");
      users.insertOne(new Document("name", "Alice").append("email", "alice@example.com"));
      Document alice = users.find(eq("email", "alice@example.com")).first();
      users.updateOne(eq("_id", alice.get("_id")), set("status", "active"));
      System.out.println(users.find(eq("_id", alice.get("_id"))).first().toJson());
    } // close() flushes: .mongolake/myapp/users is now a Delta table
  }
}
// end::getting-started[]
