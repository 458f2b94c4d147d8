package dev.mongolake.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ExecutedStatement;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.internal.engine.RetryableWriteLedger.Executed;
import dev.mongolake.internal.engine.RetryableWriteLedger.SessionWrites;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/**
 * The ledger's checkpoint keeps only statements the trimmed log held durably: one logged after the
 * checkpoint's cut may still be lost by a crash, and must not be said to have run.
 */
class RetryableWriteCheckpointTest {

  private static final UUID SESSION = UUID.randomUUID();

  @Test
  void statementsUpToTheCutRoundTripAndLaterOnesAreLeftToTheLog() {
    MemoryStorage storage = new MemoryStorage();
    BsonDocument image = new BsonDocument("_id", new BsonInt32(1)).append("n", new BsonInt32(2));
    Map<Integer, Executed> statements =
        Map.of(
            0,
            new Executed(
                5, new ExecutedStatement(ExecutedStatement.Kind.UPDATED, new BsonInt32(1), image)),
            1,
            new Executed(
                9,
                new ExecutedStatement(ExecutedStatement.Kind.INSERTED, new BsonString("b"), null)));

    RetryableWriteCheckpoint.write(
        storage, Map.of(SESSION, new SessionWrites(4, statements, 1_000)), 7);
    Map<UUID, SessionWrites> read = RetryableWriteCheckpoint.read(storage);

    assertThat(read).containsOnlyKeys(SESSION);
    SessionWrites writes = read.get(SESSION);
    assertThat(writes.txnNumber()).isEqualTo(4);
    assertThat(writes.lastWriteMillis()).isEqualTo(1_000);
    assertThat(writes.statements()).containsOnlyKeys(0);
    assertThat(writes.statements().get(0)).isEqualTo(statements.get(0));
  }

  @Test
  void aCheckpointWithNothingToKeepLeavesNoFile() {
    MemoryStorage storage = new MemoryStorage();
    Map<Integer, Executed> late =
        Map.of(
            0,
            new Executed(
                9, new ExecutedStatement(ExecutedStatement.Kind.DELETED, new BsonInt32(3), null)));

    RetryableWriteCheckpoint.write(storage, Map.of(SESSION, new SessionWrites(1, late, 0)), 7);

    assertThat(RetryableWriteCheckpoint.read(storage)).isEmpty();
    assertThat(storage.stat(RetryableWriteCheckpoint.FILE)).isEmpty();
  }
}
