package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * What the server does with a command's transaction fields ({@code txnNumber}, {@code autocommit},
 * {@code startTransaction}).
 *
 * <p>A standalone refuses them all, as MongoDB's does (IllegalOperation, in MongoDB's words, which
 * drivers turn into "this deployment does not support retryable writes"). A replica set member
 * takes a {@code txnNumber} on its own on a retryable write command (a retryable write); a
 * multi-document transaction ({@code autocommit}, {@code startTransaction}) is refused with
 * IllegalOperation and a message saying transactions are not supported, never run as if its writes
 * were not in one.
 */
final class TransactionFieldsRule {

  private static final List<String> TRANSACTION_FIELDS =
      List.of("txnNumber", "autocommit", "startTransaction");

  private TransactionFieldsRule() {}

  /**
   * Checks the fields and returns the retryable write's transaction number, or {@code null} when
   * the command carries none.
   *
   * @param command the command to run, or {@code null} for an unknown one
   * @param replicaSet whether this server is a replica set member
   * @param hasSession whether the request carries an {@code lsid}
   */
  static Long check(BsonDocument body, Command command, boolean replicaSet, boolean hasSession) {
    if (!replicaSet) {
      for (String field : TRANSACTION_FIELDS) {
        if (body.containsKey(field)) {
          throw new MongoLakeException(
              ErrorCode.ILLEGAL_OPERATION,
              "Transaction numbers are only allowed on a replica set member or mongos");
        }
      }
      return null;
    }
    if (body.containsKey("autocommit") || body.containsKey("startTransaction")) {
      throw new MongoLakeException(
          ErrorCode.ILLEGAL_OPERATION,
          "Cannot run a multi-document transaction: transactions are not supported by this"
              + " server yet (it runs retryable writes, not transactions)");
    }
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
    if (command != null && !command.retryableWrite()) {
      throw new MongoLakeException(
          ErrorCode.NOT_A_RETRYABLE_WRITE_COMMAND,
          "txnNumber may only be provided for multi-document transactions and retryable write"
              + " commands. autocommit:false was not provided, and "
              + command.name()
              + " is not a retryable write command.");
    }
    return number.getValue();
  }
}
