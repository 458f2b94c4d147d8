package dev.mongolake.server.command.transaction;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;

/**
 * {@code commitTransaction} and {@code abortTransaction}: end the session's multi-document
 * transaction of the command's {@code txnNumber}, on {@code admin}. A retried commit of a committed
 * transaction succeeds again (also after a restart); an abort of a committed one is
 * TransactionCommitted; either of a transaction that is not open is NoSuchTransaction.
 *
 * @param name {@code commitTransaction} or {@code abortTransaction}
 * @param commits whether it commits (else it aborts)
 */
public record CommitTransactionCommand(String name, boolean commits) implements Command {

  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of(name, "recoveryToken");
  }

  @Override
  public String help() {
    return commits ? "Commits a transaction." : "Aborts a transaction.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    TransactionCommandSupport.requireAdmin(name, request);
    var transactions = TransactionCommandSupport.transactions(name, request);
    long txnNumber = request.body().getInt64("txnNumber").getValue();
    if (commits) {
      transactions.commit(request.session(), txnNumber);
    } else {
      transactions.abort(request.session(), txnNumber);
    }
    return new BsonDocument();
  }
}
