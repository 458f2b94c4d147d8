package dev.mongolake.server.command.transaction;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ServerTransactions;

/** What the commands that end a transaction check before they end it. */
final class TransactionCommandSupport {

  private TransactionCommandSupport() {}

  /** MongoDB runs them on {@code admin} only. */
  static void requireAdmin(String name, CommandRequest request) {
    if (!request.database().equals("admin")) {
      throw new MongoLakeException(
          ErrorCode.UNAUTHORIZED, name + " may only be run against the admin database.");
    }
  }

  /** The server's transactions; a standalone has none (the dispatcher refused the fields). */
  static ServerTransactions transactions(String name, CommandRequest request) {
    return request
        .server()
        .replicaSet()
        .orElseThrow(
            () ->
                new MongoLakeException(
                    ErrorCode.ILLEGAL_OPERATION,
                    name + " requires a replica set member: transactions need one"))
        .transactions();
  }
}
