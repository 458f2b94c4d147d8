package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeTransaction;
import java.util.Set;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * How the dispatcher runs a statement of a multi-document transaction: the concerns it may carry (a
 * read concern on the first statement only, a write concern on none but the commit or abort), the
 * transaction it runs in, the end of that transaction when the statement fails, and the error
 * labels drivers decide retries by.
 */
final class TransactionStatements {

  /** The levels a transaction reads at; all read its snapshot of the one member's durable state. */
  private static final Set<String> LEVELS = Set.of("local", "majority", "snapshot");

  /** Codes after which the whole transaction may be retried from its start. */
  private static final Set<ErrorCode> TRANSIENT =
      Set.of(
          ErrorCode.WRITE_CONFLICT, ErrorCode.NO_SUCH_TRANSACTION, ErrorCode.SNAPSHOT_UNAVAILABLE);

  private TransactionStatements() {}

  /**
   * Checks the statement's read and write concerns as MongoDB does in a transaction, waits for the
   * writes a causally consistent first statement must see ({@code afterClusterTime}), and returns
   * the body without its read concern, which the transaction's snapshot now serves.
   *
   * @throws MongoLakeException InvalidOptions for a read concern after the first statement, a write
   *     concern before the commit, a level or an {@code atClusterTime} a transaction does not take
   */
  static BsonDocument concernsChecked(
      BsonDocument body, TransactionFieldsRule.TransactionFields fields, ReplicaSetMember member) {
    String command = body.getFirstKey();
    boolean ends = command.equals("commitTransaction") || command.equals("abortTransaction");
    if (body.containsKey("writeConcern") && !ends) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "Cannot set write concern after starting a transaction.");
    }
    BsonValue value = body.get("readConcern");
    if (value == null) {
      return body;
    }
    if (!fields.startTransaction()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Only the first command in a transaction may specify a readConcern");
    }
    if (!(value instanceof BsonDocument concern)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'readConcern' is the wrong type '"
              + CommandArguments.typeName(value)
              + "', expected type 'object'");
    }
    for (String field : concern.keySet()) {
      if (!Set.of("level", "afterClusterTime", "provenance").contains(field)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "Cannot use readConcern "
                + field
                + " in a transaction: it is not supported by this server");
      }
    }
    if (concern.get("level") instanceof BsonString level && !LEVELS.contains(level.getValue())) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "The readConcern level must be either 'local' (default), 'majority' or 'snapshot' in"
              + " order to run in a transaction");
    } else if (concern.containsKey("level") && !(concern.get("level") instanceof BsonString)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH, "BSON field 'readConcern.level' is the wrong type");
    }
    if (concern.containsKey("afterClusterTime")) {
      if (!(concern.get("afterClusterTime") instanceof BsonTimestamp time)) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field 'readConcern.afterClusterTime' is the wrong type, expected type"
                + " 'timestamp'");
      }
      if (time.compareTo(member.clusterTime()) > 0) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "readConcern afterClusterTime value must not be greater than the current clusterTime");
      }
      member.awaitDurable(time);
    }
    BsonDocument stripped = body.clone();
    stripped.remove("readConcern");
    return stripped;
  }

  /**
   * Runs a statement in its transaction (started by it when it says so). A statement that fails, or
   * answers write errors, aborts the transaction, as MongoDB does.
   */
  static BsonDocument run(
      ServerTransactions transactions,
      LogicalSessionId session,
      TransactionFieldsRule.TransactionFields fields,
      String readConcernLevel,
      Supplier<BsonDocument> statement) {
    MongoLakeTransaction transaction =
        transactions.statement(
            session, fields.txnNumber(), fields.startTransaction(), readConcernLevel);
    String level = transactions.readConcernLevel(session);
    BsonDocument reply =
        transaction.run(() -> TransactionContext.in(fields.txnNumber(), level, statement));
    if (reply.get("writeErrors") instanceof BsonArray errors && !errors.isEmpty()) {
      transaction.abort("a write of the transaction failed");
      // A conflict fails the statement itself in MongoDB, so that drivers see its label.
      for (BsonValue error : errors) {
        if (error instanceof BsonDocument write
            && write.get("code") instanceof org.bson.BsonInt32 code
            && code.getValue() == ErrorCode.WRITE_CONFLICT.code()) {
          throw new MongoLakeException(
              ErrorCode.WRITE_CONFLICT, write.getString("errmsg", new BsonString("")).getValue());
        }
      }
    }
    return reply;
  }

  /**
   * The read concern level a statement names ({@code readConcern.level}), or null; only a first
   * statement may name one ({@link #concernsChecked} refuses it on the others).
   */
  static String readConcernLevel(BsonDocument body) {
    return body.get("readConcern") instanceof BsonDocument concern
            && concern.get("level") instanceof BsonString level
        ? level.getValue()
        : null;
  }

  /** Adds the labels drivers retry transactions by to an error reply of a transaction. */
  static void label(BsonDocument reply, ErrorCode code) {
    if (TRANSIENT.contains(code)) {
      reply.put(
          "errorLabels",
          new BsonArray(java.util.List.of(new BsonString("TransientTransactionError"))));
    }
  }
}
