package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.ExecutedStatement;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageFileNotFoundException;
import dev.mongolake.internal.engine.RetryableWriteLedger.Executed;
import dev.mongolake.internal.engine.RetryableWriteLedger.SessionWrites;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The retryable-write ledger as of a log checkpoint ({@value #FILE}, BSON, in the table storage
 * beside the catalog markers). Trimming the log drops the records that marked which statements ran;
 * this file keeps what they said for the sessions still alive, so that a retry after a restart is
 * answered from it even when its record is gone. It is rewritten before the checkpoint moves, so it
 * holds every statement the trimmed log held; replay then adds the records after the checkpoint (a
 * record both hold is the same statement, recorded twice to the same effect).
 */
final class RetryableWriteCheckpoint {

  static final String FILE = Namespace.RESERVED_CATALOG_FOLDER + "/retryable-writes.bson";

  private RetryableWriteCheckpoint() {}

  /**
   * Replaces the file with the statements of {@code sessions} logged at or below {@code cut}, or
   * removes it when there are none. A statement above it may not be durable yet: a crash could lose
   * its change, and the file must then not say that it ran.
   */
  static void write(Storage storage, Map<UUID, SessionWrites> sessions, long cut) {
    BsonArray out = new BsonArray();
    sessions.forEach(
        (id, writes) -> {
          BsonArray statements = new BsonArray();
          writes
              .statements()
              .forEach(
                  (stmtId, executed) -> {
                    if (executed.sequence() > cut) {
                      return;
                    }
                    ExecutedStatement statement = executed.statement();
                    BsonDocument entry =
                        new BsonDocument("id", new BsonInt32(stmtId))
                            .append("seq", new BsonInt64(executed.sequence()))
                            .append("kind", new BsonString(statement.kind().name()))
                            .append("_id", statement.documentId());
                    if (statement.image() != null) {
                      entry.append("image", statement.image());
                    }
                    statements.add(entry);
                  });
          if (statements.isEmpty()) {
            return;
          }
          out.add(
              new BsonDocument("lsid", new BsonBinary(id))
                  .append("txn", new BsonInt64(writes.txnNumber()))
                  .append("last", new BsonDateTime(writes.lastWriteMillis()))
                  .append("stmts", statements));
        });
    if (out.isEmpty()) {
      storage.delete(FILE);
      return;
    }
    storage.overwrite(FILE, BsonBytesEncoder.encode(new BsonDocument("sessions", out)));
  }

  /** What the file holds; empty when there is none. */
  static Map<UUID, SessionWrites> read(Storage storage) {
    byte[] bytes;
    try {
      bytes = storage.read(FILE);
    } catch (StorageFileNotFoundException e) {
      return Map.of();
    }
    try {
      Map<UUID, SessionWrites> sessions = new HashMap<>();
      for (BsonValue value : BsonBytesDecoder.decode(bytes).getArray("sessions")) {
        BsonDocument session = value.asDocument();
        Map<Integer, Executed> statements = new HashMap<>();
        for (BsonValue stmt : session.getArray("stmts")) {
          BsonDocument entry = stmt.asDocument();
          statements.put(
              entry.getInt32("id").getValue(),
              new Executed(
                  entry.getInt64("seq").getValue(),
                  new ExecutedStatement(
                      ExecutedStatement.Kind.valueOf(entry.getString("kind").getValue()),
                      entry.get("_id"),
                      entry.isDocument("image") ? entry.getDocument("image") : null)));
        }
        sessions.put(
            session.getBinary("lsid").asUuid(),
            new SessionWrites(
                session.getInt64("txn").getValue(),
                statements,
                session.getDateTime("last").getValue()));
      }
      return sessions;
    } catch (RuntimeException e) {
      throw new MongoLakeException(
          ErrorCode.DATA_CORRUPTION_DETECTED,
          "Cannot open the lake: " + FILE + " is damaged (" + e.getMessage() + ")",
          e);
    }
  }
}
