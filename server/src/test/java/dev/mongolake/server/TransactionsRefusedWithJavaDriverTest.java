package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoClientException;
import com.mongodb.MongoCommandException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone server refuses transactions as MongoDB's does (IllegalOperation, 20), rather than
 * applying a transaction's writes at once and keeping them after an abort.
 */
class TransactionsRefusedWithJavaDriverTest {

  @TempDir Path data;
  private LocalServer local;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> accounts;

  @BeforeEach
  void start() {
    local = LocalServer.start(data, Durability.BATCH);
    server = local.server();
    client = local.client();
    accounts = client.getDatabase("bank").getCollection("accounts");
    accounts.insertOne(new Document("_id", "a").append("balance", 100));
  }

  @AfterEach
  void stop() {
    local.close();
  }

  @Test
  void aWriteInsideATransactionIsRefusedAndNothingIsApplied() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      // The driver turns the server's refusal into the message it gives for a standalone MongoDB.
      assertThatThrownBy(
              () -> accounts.insertOne(session, new Document("_id", "b").append("balance", 5)))
          .isInstanceOf(MongoClientException.class)
          .hasMessageContaining("does not support retryable writes")
          .cause()
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(20);
                assertThat(e.getErrorCodeName()).isEqualTo("IllegalOperation");
              })
          .hasMessageContaining("only allowed on a replica set member or mongos");
      session.abortTransaction();
    }
    assertThat(accounts.countDocuments()).isEqualTo(1);
  }

  @Test
  void aTransactionFieldOnAnyCommandIsRefused() {
    Document find =
        new Document("find", "accounts")
            .append("txnNumber", 1L)
            .append("autocommit", false)
            .append("startTransaction", true);
    assertThatThrownBy(() -> client.getDatabase("bank").runCommand(find))
        .isInstanceOfSatisfying(
            MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(20));
  }

  @Test
  void sessionsWithoutTransactionsKeepWorking() {
    try (ClientSession session = client.startSession()) {
      accounts.insertOne(session, new Document("_id", "c").append("balance", 1));
      assertThat(accounts.find(session).into(new java.util.ArrayList<>())).hasSize(2);
    }
  }
}
