package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.internal.wal.StatementMark;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WalRecordCodec;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statements of retryable writes are recorded with their changes, in the same log records, and
 * outlive a restart; transaction numbers only move forward.
 */
class RetryableWritesTest {

  @TempDir Path root;

  private static final UUID SESSION = UUID.randomUUID();

  private static MongoLakeCollection<BsonDocument> users(MongoLake lake) {
    return lake.db("app").collection("users", BsonDocument.class);
  }

  @Test
  void aStatementThatRanIsRememberedWithWhatItDidAcrossARestart() {
    try (MongoLake lake = MongoLake.open(root)) {
      RetryableWrites retryable = lake.retryableWrites();
      retryable.begin(SESSION, 1);
      assertThat(retryable.executed(SESSION, 1, 0)).isEmpty();
      retryable.run(
          SESSION,
          1,
          List.of(0, 1),
          () ->
              users(lake)
                  .insertMany(
                      List.of(
                          new BsonDocument("_id", new BsonInt32(1)),
                          new BsonDocument("_id", new BsonInt32(2)))));
      retryable.run(
          SESSION,
          1,
          List.of(2),
          () -> users(lake).updateOne(Filters.eq("_id", 1), Updates.set("name", "ada")));
      assertThat(retryable.executed(SESSION, 1, 1))
          .contains(new ExecutedStatement(ExecutedStatement.Kind.INSERTED, new BsonInt32(2), null));
    }
    try (MongoLake lake = MongoLake.open(root)) {
      RetryableWrites retryable = lake.retryableWrites();
      assertThat(retryable.executed(SESSION, 1, 0))
          .contains(new ExecutedStatement(ExecutedStatement.Kind.INSERTED, new BsonInt32(1), null));
      assertThat(retryable.executed(SESSION, 1, 2))
          .contains(new ExecutedStatement(ExecutedStatement.Kind.UPDATED, new BsonInt32(1), null));
      assertThat(retryable.executed(SESSION, 1, 3)).isEmpty();
      assertThat(retryable.sessions()).containsOnlyKeys(SESSION);
    }
  }

  @Test
  void aStatementReplayedFromTheLogIsRememberedWithItsChange() {
    try (MongoLake lake = MongoLake.open(root)) {
      users(lake).insertOne(new BsonDocument("_id", new BsonInt32(0)));
    }
    // What a crash leaves: the statement's record after the checkpoint, never flushed.
    try (Daktilo log = Daktilo.open(root.resolve(Namespace.RESERVED_LOG_FOLDER))) {
      log.append(
          WalRecordCodec.encode(
              new WalRecord.Retryable(
                  new WalRecord.Insert(
                      new Namespace("app", "users"), new BsonDocument("_id", new BsonInt32(9))),
                  new StatementMark(SESSION, 3, 0, null))));
    }
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.retryableWrites().executed(SESSION, 3, 0))
          .contains(new ExecutedStatement(ExecutedStatement.Kind.INSERTED, new BsonInt32(9), null));
      assertThat(users(lake).countDocuments()).isEqualTo(2);
    }
  }

  @Test
  void aFindAndModifyKeepsTheDocumentItReturned() {
    try (MongoLake lake = MongoLake.open(root)) {
      users(lake)
          .insertOne(new BsonDocument("_id", new BsonInt32(1)).append("n", new BsonInt32(1)));
      RetryableWrites retryable = lake.retryableWrites();
      retryable.begin(SESSION, 4);
      retryable.run(
          SESSION,
          4,
          List.of(0),
          () -> users(lake).findOneAndUpdate(Filters.eq("_id", 1), Updates.inc("n", 1)));
    }
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.retryableWrites().executed(SESSION, 4, 0).orElseThrow().image())
          .isEqualTo(new BsonDocument("_id", new BsonInt32(1)).append("n", new BsonInt32(1)));
    }
  }

  @Test
  void aNewerTransactionNumberForgetsTheOlderAndAnOlderOneIsRefused() {
    try (MongoLake lake = MongoLake.open(root)) {
      RetryableWrites retryable = lake.retryableWrites();
      retryable.begin(SESSION, 5);
      retryable.run(
          SESSION,
          5,
          List.of(0),
          () -> users(lake).insertOne(new BsonDocument("_id", new BsonString("a"))));
      retryable.begin(SESSION, 6);
      assertThat(retryable.executed(SESSION, 5, 0)).isEmpty();
      assertThatThrownBy(() -> retryable.begin(SESSION, 5))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.TRANSACTION_TOO_OLD))
          .hasMessageContaining("txnNumber 5 is prohibited")
          .hasMessageContaining("newer retryable write with txnNumber 6");
    }
  }

  @Test
  void aForgottenSessionIsGoneAfterARestartToo() {
    try (MongoLake lake = MongoLake.open(root)) {
      RetryableWrites retryable = lake.retryableWrites();
      retryable.begin(SESSION, 1);
      retryable.run(
          SESSION,
          1,
          List.of(0),
          () -> users(lake).insertOne(new BsonDocument("_id", new BsonString("a"))));
      lake.flush();
      retryable.forget(SESSION);
    }
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.retryableWrites().executed(SESSION, 1, 0)).isEmpty();
    }
  }
}
