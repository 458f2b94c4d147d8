package dev.mongolake.server.authz;

import static dev.mongolake.server.authz.SecuredServer.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.InsertOneOptions;
import com.mongodb.client.model.ValidationOptions;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bypassDocumentValidation: true} needs the bypassDocumentValidation action, as in MongoDB.
 */
class BypassDocumentValidationAuthorizationTest {

  @TempDir Path data;
  private SecuredServer server;

  @BeforeEach
  void start() {
    server = SecuredServer.start(data);
    server
        .root()
        .getDatabase("app")
        .createCollection(
            "items",
            new CreateCollectionOptions()
                .validationOptions(
                    new ValidationOptions().validator(BsonDocument.parse("{qty: {$gte: 0}}"))));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private MongoCollection<Document> itemsAs(String user) {
    return server.as(user).getDatabase("app").getCollection("items");
  }

  @Test
  void readWriteMayWriteButNotBypassTheValidator() {
    server.createUser("writer", List.of(role("readWrite", "app")));

    itemsAs("writer").insertOne(new Document("qty", 1));
    assertThatThrownBy(
            () ->
                itemsAs("writer")
                    .insertOne(
                        new Document("qty", -1),
                        new InsertOneOptions().bypassDocumentValidation(true)))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
    assertThatThrownBy(
            () ->
                server
                    .as("writer")
                    .getDatabase("app")
                    .getCollection("other")
                    .aggregate(List.of(new Document("$out", "items")))
                    .bypassDocumentValidation(true)
                    .toCollection())
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(13));
  }

  @Test
  void dbAdminMayBypassTheValidator() {
    server.createUser("restorer", List.of(role("readWrite", "app"), role("dbAdmin", "app")));

    itemsAs("restorer")
        .insertOne(new Document("qty", -1), new InsertOneOptions().bypassDocumentValidation(true));

    assertThat(itemsAs("restorer").countDocuments()).isEqualTo(1);
  }
}
