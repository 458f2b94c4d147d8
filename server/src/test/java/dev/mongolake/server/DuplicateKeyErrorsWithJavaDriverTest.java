package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.nio.file.Path;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Duplicate key errors as MongoDB reports them: shell-form keys, keyPattern and keyValue. */
class DuplicateKeyErrorsWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoDatabase db;
  private MongoCollection<Document> users;

  @BeforeEach
  void start() {
    local = LocalServer.start(data);
    db = local.client().getDatabase("app");
    users = db.getCollection("users");
  }

  @AfterEach
  void stop() {
    local.close();
  }

  private BsonDocument insertReply(BsonDocument document) {
    return db.runCommand(
        new BsonDocument("insert", new BsonString("users"))
            .append("documents", new org.bson.BsonArray(List.of(document))),
        BsonDocument.class);
  }

  @Test
  void writeErrorCarriesKeyPatternAndKeyValueOfTheUniqueIndex() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    users.insertOne(new Document("_id", 1).append("email", "a@b.c"));

    BsonDocument error =
        insertReply(
                new BsonDocument("_id", new BsonInt32(2)).append("email", new BsonString("a@b.c")))
            .getArray("writeErrors")
            .get(0)
            .asDocument();

    assertThat(error.getInt32("code").getValue()).isEqualTo(11000);
    assertThat(error.getDocument("keyPattern"))
        .isEqualTo(new BsonDocument("email", new BsonInt32(1)));
    assertThat(error.getDocument("keyValue"))
        .isEqualTo(new BsonDocument("email", new BsonString("a@b.c")));
    assertThat(error.getString("errmsg").getValue())
        .isEqualTo(
            "E11000 duplicate key error collection: app.users index: email_1 dup key: { email:"
                + " \"a@b.c\" }");
  }

  @Test
  void duplicateIdCarriesTheIdIndexPatternAndValue() {
    users.insertOne(new Document("_id", "x"));

    BsonDocument error =
        insertReply(new BsonDocument("_id", new BsonString("x")))
            .getArray("writeErrors")
            .get(0)
            .asDocument();

    assertThat(error.getDocument("keyPattern"))
        .isEqualTo(new BsonDocument("_id", new BsonInt32(1)));
    assertThat(error.getDocument("keyValue"))
        .isEqualTo(new BsonDocument("_id", new BsonString("x")));
  }

  @Test
  void duplicateKeysArePrintedAsTheShellPrintsThem() {
    ObjectId id = new ObjectId("65a1b2c3d4e5f60718293a4b");
    UUID uuid = UUID.fromString("0e3b5d1c-2f4a-4b6c-8d7e-9f0a1b2c3d4e");
    assertThat(duplicateMessage(new Document("_id", id)))
        .endsWith("dup key: { _id: ObjectId('65a1b2c3d4e5f60718293a4b') }");
    assertThat(duplicateMessage(new Document("_id", new BsonBinary(uuid))))
        .endsWith("dup key: { _id: UUID(\"0e3b5d1c-2f4a-4b6c-8d7e-9f0a1b2c3d4e\") }");
    assertThat(duplicateMessage(new Document("_id", new BsonBinary(new byte[] {1, (byte) 0xAB}))))
        .endsWith("dup key: { _id: BinData(0, 01AB) }");
    assertThat(duplicateMessage(new Document("_id", new Date(1700000000000L))))
        .endsWith("dup key: { _id: new Date(1700000000000) }");
    assertThat(duplicateMessage(new Document("_id", new BsonDouble(-0.0))))
        .endsWith("dup key: { _id: -0.0 }");
  }

  private String duplicateMessage(Document document) {
    users.insertOne(document);
    try {
      users.insertOne(document);
    } catch (MongoWriteException e) {
      assertThat(e.getError().getCode()).isEqualTo(11000);
      return e.getError().getMessage();
    }
    throw new AssertionError("the second insert of " + document.toJson() + " succeeded");
  }

  @Test
  void commandErrorCarriesKeyPatternAndKeyValue() {
    users.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    users.insertOne(new Document("_id", 1).append("email", "a@b.c"));
    users.insertOne(new Document("_id", 2).append("email", "d@e.f"));

    assertThatThrownBy(
            () ->
                users.findOneAndUpdate(
                    new Document("_id", 2), new Document("$set", new Document("email", "a@b.c"))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(11000);
              assertThat(e.getResponse().getDocument("keyPattern"))
                  .isEqualTo(new BsonDocument("email", new BsonInt32(1)));
              assertThat(e.getResponse().getDocument("keyValue"))
                  .isEqualTo(new BsonDocument("email", new BsonString("a@b.c")));
            });
  }
}
