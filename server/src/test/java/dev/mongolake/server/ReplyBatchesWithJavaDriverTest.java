package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: a reply batch holds at most 16 MiB of documents, as MongoDB's
 * does (counted by their encoded size), and at least one, so that 120 documents of 1 MiB arrive
 * through {@code find} and {@code aggregate} in batches of 15.
 */
class ReplyBatchesWithJavaDriverTest {

  private static final int DOCUMENTS = 120;
  private static final int MEBIBYTE = 1024 * 1024;
  private static final int SIXTEEN_MEBIBYTES = 16 * MEBIBYTE;

  /** A string of 2^20 characters, built by the pipeline. */
  private static final String MEBIBYTE_STRING =
      "{$reduce: {input: {$range: [0, 20]}, initialValue: 'x', in: {$concat: ['$$value',"
          + " '$$value']}}}";

  @TempDir static Path data;
  private static MongoLakeServer server;
  private static MongoClient client;
  private static MongoDatabase app;
  private static MongoCollection<Document> big;

  @BeforeAll
  static void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    app = client.getDatabase("app");
    big = app.getCollection("big");
    String mebibyte = "x".repeat(MEBIBYTE);
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < DOCUMENTS; i++) {
      documents.add(new Document("_id", i).append("s", mebibyte));
    }
    big.insertMany(documents);
  }

  @AfterAll
  static void stop() {
    client.close();
    server.close();
  }

  @Test
  void aFindOfLargeDocumentsArrivesWhole() {
    List<Document> found = big.find().into(new ArrayList<>());
    assertThat(found).hasSize(DOCUMENTS);
    assertThat(found)
        .extracting(document -> document.getString("s").length())
        .containsOnly(MEBIBYTE);
  }

  @Test
  void findAndGetMoreBatchesStopAtSixteenMebibytes() {
    BsonDocument cursor =
        app.runCommand(new Document("find", "big"), BsonDocument.class).getDocument("cursor");
    List<Integer> batches = new ArrayList<>();
    batches.add(checkedBatch(cursor.getArray("firstBatch").getValues()));
    long id = cursor.getInt64("id").getValue();
    while (id != 0) {
      cursor =
          app.runCommand(
                  new BsonDocument("getMore", new BsonInt64(id))
                      .append("collection", new BsonString("big")),
                  BsonDocument.class)
              .getDocument("cursor");
      batches.add(checkedBatch(cursor.getArray("nextBatch").getValues()));
      id = cursor.getInt64("id").getValue();
    }
    // 15 documents of just over 1 MiB fit in 16 MiB, 16 do not (MongoDB answers the same).
    assertThat(batches).containsExactly(15, 15, 15, 15, 15, 15, 15, 15);
  }

  @Test
  void anAggregateOfLargeDocumentsArrivesWhole() {
    List<Document> fromCollection =
        big.aggregate(List.of(Document.parse("{$match: {}}"))).into(new ArrayList<>());
    assertThat(fromCollection).hasSize(DOCUMENTS);
    List<Document> made =
        app.aggregate(
                List.of(
                    Document.parse("{$documents: [{}]}"),
                    Document.parse("{$project: {n: {$range: [0, " + DOCUMENTS + "]}}}"),
                    Document.parse("{$unwind: '$n'}"),
                    Document.parse("{$addFields: {s: " + MEBIBYTE_STRING + "}}")))
            .into(new ArrayList<>());
    assertThat(made).hasSize(DOCUMENTS);
    assertThat(made)
        .extracting(document -> document.getString("s").length())
        .containsOnly(MEBIBYTE);
  }

  @Test
  void aBatchHoldsOneDocumentLargerThanHalfItsLimit() {
    // Two documents of 9 MiB do not fit in one batch: each batch holds one.
    BsonDocument command =
        BsonDocument.parse(
            "{aggregate: 1, pipeline: [{$documents: [{n: 1}, {n: 2}, {n: 3}]}, {$addFields: {s:"
                + " {$reduce: {input: {$range: [0, 10]}, initialValue: '"
                + "x".repeat(9 * 1024)
                + "', in: {$concat: ['$$value', '$$value']}}}}}], cursor: {}}");
    BsonDocument cursor = app.runCommand(command, BsonDocument.class).getDocument("cursor");
    assertThat(checkedBatch(cursor.getArray("firstBatch").getValues())).isEqualTo(1);
    assertThat(cursor.getInt64("id").getValue()).isNotZero();
    List<Document> all =
        app.aggregate(
                List.of(
                    Document.parse(command.getArray("pipeline").get(0).asDocument().toJson()),
                    Document.parse(command.getArray("pipeline").get(1).asDocument().toJson())))
            .into(new ArrayList<>());
    assertThat(all).extracting(document -> document.getInteger("n")).containsExactly(1, 2, 3);
  }

  /** The number of documents of a batch, checked to hold at most 16 MiB unless it holds one. */
  private static int checkedBatch(List<BsonValue> batch) {
    long bytes = 0;
    for (BsonValue document : batch) {
      bytes +=
          new RawBsonDocument(document.asDocument(), new BsonDocumentCodec())
              .getByteBuffer()
              .remaining();
    }
    assertThat(batch).isNotEmpty();
    if (batch.size() > 1) {
      assertThat(bytes).isLessThanOrEqualTo(SIXTEEN_MEBIBYTES);
    }
    return batch.size();
  }
}
