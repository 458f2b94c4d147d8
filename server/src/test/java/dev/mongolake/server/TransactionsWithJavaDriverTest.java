package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-document transactions through the official Java driver on a replica set member: {@code
 * withTransaction} and explicit sessions commit atomically, abort leaves nothing, readers outside
 * never see part of one, conflicts answer WriteConflict with the TransientTransactionError label
 * (which {@code withTransaction} retries), and what a transaction cannot run is refused by name.
 */
class TransactionsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase bank;

  @BeforeEach
  void start() {
    startServer();
  }

  private void startServer() {
    ReplicaSetOfOne set = ReplicaSetOfOne.start(data);
    server = set.server();
    client = set.client();
    bank = client.getDatabase("bank");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private MongoCollection<Document> accounts() {
    return bank.getCollection("accounts");
  }

  private MongoCollection<Document> audit() {
    return bank.getCollection("audit");
  }

  private List<Document> balances() {
    return accounts().find().sort(new Document("_id", 1)).into(new ArrayList<>());
  }

  private static Document account(int id, int balance) {
    return new Document("_id", id).append("balance", balance);
  }

  @Test
  void withTransactionCommitsEveryWriteTogether() {
    accounts().insertMany(List.of(account(1, 100), account(2, 0)));
    try (ClientSession session = client.startSession()) {
      String result =
          session.withTransaction(
              () -> {
                accounts().updateOne(session, Filters.eq("_id", 1), Updates.inc("balance", -25));
                accounts().updateOne(session, Filters.eq("_id", 2), Updates.inc("balance", 25));
                audit().insertOne(session, new Document("amount", 25));
                // The transaction reads its own writes.
                return accounts().find(session, Filters.eq("_id", 2)).first().toJson();
              });
      assertThat(Document.parse(result).getInteger("balance")).isEqualTo(25);
    }
    assertThat(balances()).containsExactly(account(1, 75), account(2, 25));
    assertThat(audit().countDocuments()).isEqualTo(1);
  }

  @Test
  void readersOutsideSeeNothingBeforeTheCommitAndAbortLeavesNothing() {
    accounts().insertMany(List.of(account(1, 100), account(2, 0)));
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      accounts().updateOne(session, Filters.eq("_id", 1), Updates.inc("balance", -10));
      accounts().insertOne(session, account(3, 10));
      assertThat(balances()).containsExactly(account(1, 100), account(2, 0));
      assertThat(accounts().countDocuments(session)).isEqualTo(3);
      session.abortTransaction();
    }
    assertThat(balances()).containsExactly(account(1, 100), account(2, 0));

    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      accounts().deleteOne(session, Filters.eq("_id", 2));
      assertThat(accounts().countDocuments()).isEqualTo(2);
      session.commitTransaction();
    }
    assertThat(balances()).containsExactly(account(1, 100));
  }

  @Test
  void aTransactionReadsItsSnapshotWhileOthersCommit() {
    accounts().insertOne(account(1, 100));
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      assertThat(accounts().find(session).into(new ArrayList<>())).hasSize(1);
      accounts().insertOne(account(2, 5));
      accounts().updateOne(Filters.eq("_id", 1), Updates.set("balance", 7));
      assertThat(accounts().find(session).into(new ArrayList<>())).containsExactly(account(1, 100));
      session.commitTransaction();
    }
  }

  @Test
  void aSecondTransactionWritingTheSameDocumentGetsATransientWriteConflict() {
    accounts().insertOne(account(1, 100));
    try (ClientSession first = client.startSession();
        ClientSession second = client.startSession()) {
      first.startTransaction();
      accounts().updateOne(first, Filters.eq("_id", 1), Updates.inc("balance", 1));
      second.startTransaction();
      assertThatThrownBy(
              () -> accounts().updateOne(second, Filters.eq("_id", 1), Updates.inc("balance", 2)))
          .isInstanceOfSatisfying(
              MongoException.class,
              e -> {
                assertThat(e.getCode()).isEqualTo(112);
                assertThat(e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL))
                    .isTrue();
              });
      second.abortTransaction();
      first.commitTransaction();
    }
    assertThat(balances()).containsExactly(account(1, 101));
  }

  @Test
  void withTransactionRetriesATransactionThatLostAWriteConflict() {
    accounts().insertOne(account(1, 0));
    AtomicInteger attempts = new AtomicInteger();
    try (ClientSession session = client.startSession()) {
      session.withTransaction(
          () -> {
            accounts().updateOne(session, Filters.eq("_id", 1), Updates.inc("balance", 1));
            if (attempts.incrementAndGet() == 1) {
              // Committed outside after this attempt's snapshot: its commit conflicts.
              accounts().updateOne(Filters.eq("_id", 1), Updates.inc("balance", 10));
            }
            return null;
          });
    }
    assertThat(attempts.get()).isEqualTo(2);
    assertThat(balances()).containsExactly(account(1, 11));
  }

  @Test
  void aWriteErrorAbortsTheTransaction() {
    accounts().createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    accounts().insertOne(new Document("_id", 1).append("email", "a@x"));
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      accounts().insertOne(session, new Document("_id", 2).append("email", "b@x"));
      assertThatThrownBy(
              () -> accounts().insertOne(session, new Document("_id", 3).append("email", "a@x")))
          .isInstanceOfSatisfying(
              MongoException.class, e -> assertThat(e.getCode()).isEqualTo(11000));
      assertThatThrownBy(session::commitTransaction)
          .isInstanceOfSatisfying(
              MongoException.class, e -> assertThat(e.getCode()).isEqualTo(251));
    }
    assertThat(accounts().countDocuments()).isEqualTo(1);
  }

  @Test
  void aCursorOpenedInATransactionContinuesOnlyInIt() {
    accounts().insertMany(List.of(account(1, 1), account(2, 2), account(3, 3), account(4, 4)));
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      accounts().insertOne(session, account(5, 5));
      var cursor = accounts().find(session).batchSize(2).cursor();
      long id = cursor.getServerCursor().getId();
      List<Document> seen = new ArrayList<>();
      seen.add(cursor.next());
      seen.add(cursor.next());
      assertThatThrownBy(
              () -> bank.runCommand(new Document("getMore", id).append("collection", "accounts")))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(50740));
      cursor.forEachRemaining(seen::add);
      assertThat(seen).hasSize(5);
      session.commitTransaction();
    }
  }

  @Test
  void aTransactionPastItsLifetimeIsAbortedAndItsCommitIsATransientError() throws Exception {
    client.close();
    server.close();
    ReplicaSetOfOne set =
        ReplicaSetOfOne.start(
            data, ReplicationConfig.replicaSet("rs0").withTransactionLifetimeSeconds(1));
    server = set.server();
    client = set.client();
    bank = client.getDatabase("bank");
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      accounts().insertOne(session, account(1, 1));
      Thread.sleep(1_500);
      assertThatThrownBy(session::commitTransaction)
          .isInstanceOfSatisfying(
              MongoException.class,
              e -> {
                assertThat(e.getCode()).isEqualTo(251);
                assertThat(e.getMessage()).contains("transactionLifetimeLimitSeconds");
                assertThat(e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL))
                    .isTrue();
              });
    }
    assertThat(accounts().countDocuments()).isZero();
  }

  @Test
  void commandsATransactionDoesNotRunAreRefusedByName() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      assertThatThrownBy(() -> accounts().drop(session))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(263);
                assertThat(e.getErrorMessage()).contains("'drop'");
              });
      session.abortTransaction();
    }
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      assertThatThrownBy(
              () ->
                  accounts()
                      .aggregate(session, List.of(new Document("$out", "copy")))
                      .toCollection())
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(263);
                assertThat(e.getErrorMessage()).contains("$out");
              });
    }
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      assertThatThrownBy(() -> bank.listCollectionNames(session).into(new ArrayList<>()))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(263));
      session.abortTransaction();
    }
  }

  @Test
  void aCommitRetriedAfterARestartAnswersThatItCommitted() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      port = free.getLocalPort();
    }
    client.close();
    server.close();
    server = startOn(port);
    try (MongoClient steady =
        MongoClients.create(
            "mongodb://127.0.0.1:" + port + "/?replicaSet=rs0&serverSelectionTimeoutMS=10000")) {
      MongoCollection<Document> accounts = steady.getDatabase("bank").getCollection("accounts");
      accounts.insertOne(account(1, 100));
      try (ClientSession session = steady.startSession()) {
        session.startTransaction();
        accounts.updateOne(session, Filters.eq("_id", 1), Updates.inc("balance", 5));
        session.commitTransaction();
        server.close();
        server = startOn(port);
        // The driver sends the commit again, in the same session, to the restarted server.
        session.commitTransaction();

        session.startTransaction();
        accounts.updateOne(session, Filters.eq("_id", 1), Updates.inc("balance", 1));
        server.close();
        server = startOn(port);
        // The open transaction died with the server: its commit is refused, nothing applied.
        assertThatThrownBy(session::commitTransaction)
            .isInstanceOfSatisfying(
                MongoException.class,
                e -> {
                  assertThat(e.getCode()).isEqualTo(251);
                  assertThat(e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL))
                      .isTrue();
                });
      }
      assertThat(accounts.find().into(new ArrayList<>())).containsExactly(account(1, 105));
    }
    client = MongoClients.create("mongodb://127.0.0.1:" + port + "/?replicaSet=rs0");
  }

  private MongoLakeServer startOn(int port) {
    return MongoLakeServer.start(
        new ServerConfig(data, "127.0.0.1", port, false, Durability.BATCH, List.of("test"))
            .withReplication(ReplicationConfig.replicaSet("rs0")),
        "test");
  }
}
