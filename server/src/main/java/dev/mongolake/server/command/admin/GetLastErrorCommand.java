package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;

/**
 * {@code getLastError}: old clients call it after a write. Every write command reports its own
 * errors, so the last error of a connection is always "none".
 */
public final class GetLastErrorCommand implements Command {

  @Override
  public String name() {
    return "getLastError";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.authenticated();
  }

  @Override
  public String help() {
    return "Return the error status of the last operation on this connection.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    return new BsonDocument("n", new BsonInt32(0)).append("err", BsonNull.VALUE);
  }
}
