package dev.mongolake.server.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeTransaction;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sessions' transactions: numbering, lifetime, session end, commit and abort answers. */
class ServerTransactionsTest {

  @TempDir Path root;
  private MongoLake lake;
  private Duration ahead = Duration.ZERO;
  private ServerTransactions transactions;
  private final LogicalSessionId session = new LogicalSessionId(UUID.randomUUID());

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    Clock later =
        new Clock() {
          @Override
          public ZoneOffset getZone() {
            return ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }

          @Override
          public Instant instant() {
            return Instant.now().plus(ahead);
          }
        };
    transactions = new ServerTransactions(lake, later, Duration.ofSeconds(60));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static ErrorCode codeOf(Throwable e) {
    return ((MongoLakeException) e).errorCode();
  }

  private void insertIn(MongoLakeTransaction transaction, int id) {
    transaction.run(
        () ->
            lake.db("app")
                .collection("items", BsonDocument.class)
                .insertOne(BsonDocument.parse("{_id: " + id + "}")));
  }

  @Test
  void aTransactionPastItsLifetimeIsAbortedAndSaysWhy() {
    MongoLakeTransaction transaction = transactions.statement(session, 1, true);
    insertIn(transaction, 1);
    ahead = Duration.ofSeconds(61);
    assertThat(transactions.abortOutlived()).isEqualTo(1);

    assertThatThrownBy(() -> transactions.commit(session, 1))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.NO_SUCH_TRANSACTION))
        .hasMessageContaining("transactionLifetimeLimitSeconds");
    assertThat(lake.db("app").collection("items").countDocuments()).isZero();
  }

  @Test
  void aNewerTransactionNumberAbortsTheOlderAndAnOlderOneIsTooOld() {
    MongoLakeTransaction first = transactions.statement(session, 1, true);
    insertIn(first, 1);
    MongoLakeTransaction second = transactions.statement(session, 2, true);
    assertThat(first.isActive()).isFalse();
    assertThatThrownBy(() -> transactions.statement(session, 1, false))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.TRANSACTION_TOO_OLD));
    assertThatThrownBy(() -> transactions.statement(session, 2, true))
        .satisfies(
            e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.CONFLICTING_OPERATION_IN_PROGRESS));
    assertThat(transactions.statement(session, 2, false)).isSameAs(second);
  }

  @Test
  void commitTwiceSucceedsAndAbortAfterCommitIsTransactionCommitted() {
    MongoLakeTransaction transaction = transactions.statement(session, 3, true);
    insertIn(transaction, 1);
    transactions.commit(session, 3);
    transactions.commit(session, 3);
    assertThatThrownBy(() -> transactions.abort(session, 3))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.TRANSACTION_COMMITTED));
    assertThatThrownBy(() -> transactions.statement(session, 3, false))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.NO_SUCH_TRANSACTION));
    assertThat(lake.db("app").collection("items").countDocuments()).isEqualTo(1);
  }

  @Test
  void anEndedSessionTakesItsOpenTransactionWithIt() {
    MongoLakeTransaction transaction = transactions.statement(session, 1, true);
    insertIn(transaction, 1);
    transactions.sessionEnded(session.id());
    assertThat(transaction.isActive()).isFalse();
    assertThat(transactions.openCount()).isZero();
    assertThatThrownBy(() -> transactions.commit(session, 1))
        .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ErrorCode.NO_SUCH_TRANSACTION));
  }
}
