package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * What the server does with a command's transaction fields ({@code txnNumber}, {@code autocommit},
 * {@code startTransaction}).
 *
 * <p>A standalone refuses them all, as MongoDB's does (IllegalOperation, in MongoDB's words, which
 * drivers turn into "this deployment does not support retryable writes"). A replica set member
 * takes a {@code txnNumber} on its own on a retryable write command (a retryable write), and with
 * {@code autocommit: false} on a command that may run in a multi-document transaction ({@code
 * startTransaction: true} on its first statement); a command MongoDB does not run in a transaction
 * is refused with OperationNotSupportedInTransaction.
 */
final class TransactionFieldsRule {

  /**
   * The transaction fields of a command.
   *
   * @param txnNumber the transaction number, or null
   * @param inTransaction whether the command runs in a multi-document transaction ({@code
   *     autocommit: false})
   * @param startTransaction whether it starts one
   */
  record TransactionFields(Long txnNumber, boolean inTransaction, boolean startTransaction) {

    static final TransactionFields NONE = new TransactionFields(null, false, false);

    /** The retryable write's transaction number: the number outside a transaction, else null. */
    Long retryableTxnNumber() {
      return inTransaction ? null : txnNumber;
    }
  }

  private static final List<String> TRANSACTION_FIELDS =
      List.of("txnNumber", "autocommit", "startTransaction");

  /**
   * The commands a transaction runs, as MongoDB's: CRUD and reads of documents, its cursors, its
   * own end, and (MongoDB 4.4+) {@code create} and {@code createIndexes}, which the engine allows
   * on new collections only. Other catalog and index commands ({@code drop}, {@code
   * listCollections}, {@code listIndexes}, ...) are refused here, not run outside the transaction.
   */
  private static final Set<String> IN_TRANSACTION =
      Set.of(
          "find",
          "getMore",
          "killCursors",
          "insert",
          "update",
          "delete",
          "findAndModify",
          "aggregate",
          "distinct",
          "bulkWrite",
          "create",
          "createIndexes",
          "commitTransaction",
          "abortTransaction");

  private static final Set<String> ENDS_TRANSACTION =
      Set.of("commitTransaction", "abortTransaction");

  private TransactionFieldsRule() {}

  /** Whether the command ends a transaction rather than running in it. */
  static boolean endsTransaction(Command command) {
    return command != null && ENDS_TRANSACTION.contains(command.name());
  }

  /**
   * Checks the fields.
   *
   * @param command the command to run, or {@code null} for an unknown one
   * @param replicaSet whether this server is a replica set member
   * @param hasSession whether the request carries an {@code lsid}
   */
  static TransactionFields check(
      BsonDocument body, Command command, boolean replicaSet, boolean hasSession) {
    if (!replicaSet) {
      for (String field : TRANSACTION_FIELDS) {
        if (body.containsKey(field)) {
          throw new MongoLakeException(
              ErrorCode.ILLEGAL_OPERATION,
              "Transaction numbers are only allowed on a replica set member or mongos");
        }
      }
      return TransactionFields.NONE;
    }
    Long txnNumber = txnNumber(body, hasSession);
    BsonValue autocommit = body.get("autocommit");
    BsonValue start = body.get("startTransaction");
    if (autocommit == null) {
      if (start != null) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS, "Specifying startTransaction requires autocommit: false");
      }
      if (endsTransaction(command)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            command.name() + " must be run within a transaction (autocommit: false)");
      }
      if (txnNumber != null && command != null && !command.retryableWrite()) {
        throw new MongoLakeException(
            ErrorCode.NOT_A_RETRYABLE_WRITE_COMMAND,
            "txnNumber may only be provided for multi-document transactions and retryable write"
                + " commands. autocommit:false was not provided, and "
                + command.name()
                + " is not a retryable write command.");
      }
      return new TransactionFields(txnNumber, false, false);
    }
    if (!(autocommit instanceof BsonBoolean flag) || flag.getValue()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "Specifying autocommit=true is not allowed.");
    }
    if (start != null && !(start instanceof BsonBoolean starts && starts.getValue())) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "Specifying startTransaction=false is not allowed.");
    }
    if (txnNumber == null) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "'autocommit' field requires a transaction number to also be specified");
    }
    if (command != null && !IN_TRANSACTION.contains(command.name())) {
      throw new MongoLakeException(
          ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
          "Cannot run '" + command.name() + "' in a multi-document transaction.");
    }
    if (start != null && endsTransaction(command)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "Cannot start a transaction with " + command.name());
    }
    return new TransactionFields(txnNumber, true, start != null);
  }

  private static Long txnNumber(BsonDocument body, boolean hasSession) {
    BsonValue value = body.get("txnNumber");
    if (value == null) {
      return null;
    }
    if (!(value instanceof BsonInt64 number)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'OperationSessionInfo.txnNumber' is the wrong type '"
              + CommandArguments.typeName(value)
              + "', expected type 'long'");
    }
    if (!hasSession) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Transaction number requires a session ID to also be specified");
    }
    if (number.getValue() < 0) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Transaction number cannot be negative: " + number.getValue());
    }
    return number.getValue();
  }
}
