package dev.mongolake.server;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Updates;
import dev.mongolake.bson.BsonNesting;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MongoDB's nesting limits at their boundaries, through the official Java driver: stored documents
 * of 100 levels (the document itself the first), query trees of depth 100, commands of 200 BSON
 * levels.
 */
class NestingLimitsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<BsonDocument> docs;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    docs = client.getDatabase("app").getCollection("docs", BsonDocument.class);
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  @Test
  void aDocumentOfAHundredLevelsIsStoredAndOneOfAHundredAndOneIsRefused() {
    BsonDocument hundred = withId(1, levels(BsonNesting.MAX_STORED_DEPTH));
    docs.insertOne(hundred);

    assertThatThrownBy(() -> docs.insertOne(withId(2, levels(BsonNesting.MAX_STORED_DEPTH + 1))))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getCode()).isEqualTo(15);
              assertThat(e.getMessage())
                  .contains("cannot insert document because it exceeds 100 levels of nesting");
            });
    assertThat(docs.find(eq("_id", 1)).first()).isEqualTo(hundred);
    assertThat(docs.countDocuments()).isOne();
  }

  @Test
  void anUpdateToAHundredLevelsIsAppliedAndOneToAHundredAndOneIsRefused() {
    docs.insertOne(withId(1, new BsonDocument()));
    // $set puts its value one level below the document.
    docs.updateOne(eq("_id", 1), Updates.set("v", levels(BsonNesting.MAX_STORED_DEPTH - 1)));

    assertThatThrownBy(
            () ->
                docs.updateOne(
                    eq("_id", 1), Updates.set("v", levels(BsonNesting.MAX_STORED_DEPTH))))
        .isInstanceOfSatisfying(
            MongoWriteException.class,
            e -> {
              assertThat(e.getCode()).isEqualTo(15);
              assertThat(e.getMessage()).contains("Document exceeds maximum nesting depth of 100");
            });
    assertThat(BsonNesting.storedLevels(docs.find(eq("_id", 1)).first(), 1000))
        .isEqualTo(BsonNesting.MAX_STORED_DEPTH);
  }

  @Test
  void aFilterAtTheMaximumQueryDepthIsAcceptedAndOneBeyondIsBadValue() {
    docs.insertOne(withId(1, new BsonDocument("x", new BsonInt32(1))));
    // Each $elemMatch is an operator document and a filter: 50 put the innermost filter at 100.
    BsonDocument innermost = new BsonDocument("x", new BsonDocument("$gte", new BsonInt32(0)));

    assertThat(docs.countDocuments(elemMatches(BsonNesting.MAX_QUERY_DEPTH / 2, innermost)))
        .isZero();
    assertThatThrownBy(
            () -> docs.countDocuments(elemMatches(BsonNesting.MAX_QUERY_DEPTH / 2 + 1, innermost)))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(2);
              assertThat(e.getErrorCodeName()).isEqualTo("BadValue");
              assertThat(e.getErrorMessage())
                  .startsWith("exceeded maximum query tree depth of 100 at ");
            });
  }

  @Test
  void nestedAndsReachTheCommandsBsonDepthFirst() {
    docs.insertOne(withId(1, new BsonDocument("x", new BsonInt32(1))));
    // Each $and nests an array and a document; the filter itself sits one level into the
    // command. 99 make 199 levels, 100 make 201: MongoDB's BSON validation refuses those too.
    // (find, not countDocuments: that one wraps the filter in a pipeline, two levels deeper.)
    assertThat(docs.find(ands(BsonNesting.MAX_QUERY_DEPTH - 1)).first()).isNotNull();

    assertThatThrownBy(() -> docs.find(ands(BsonNesting.MAX_QUERY_DEPTH)).first())
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(15);
              assertThat(e.getErrorCodeName()).isEqualTo("Overflow");
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "Cannot read OP_MSG body: BSONObj exceeds maximum nested object depth of"
                          + " 200");
            });
    assertThat(docs.countDocuments()).isOne();
  }

  /** {@code count} levels as MongoDB counts them for storage: {@code {x: 1, a: {x: 1, ...}}}. */
  private static BsonDocument levels(int count) {
    BsonDocument document = new BsonDocument("x", new BsonInt32(1));
    for (int i = 1; i < count; i++) {
      document = new BsonDocument("x", new BsonInt32(1)).append("a", document);
    }
    return document;
  }

  private static BsonDocument withId(int id, BsonDocument document) {
    BsonDocument out = new BsonDocument("_id", new BsonInt32(id));
    out.putAll(document);
    return out;
  }

  private static BsonDocument elemMatches(int levels, BsonDocument innermost) {
    BsonDocument filter = innermost;
    for (int i = 0; i < levels; i++) {
      filter = new BsonDocument("a", new BsonDocument("$elemMatch", filter));
    }
    return filter;
  }

  private static BsonDocument ands(int levels) {
    BsonDocument filter = new BsonDocument("x", new BsonInt32(1));
    for (int i = 0; i < levels; i++) {
      filter = new BsonDocument("$and", new BsonArray(List.of(filter)));
    }
    return filter;
  }
}
