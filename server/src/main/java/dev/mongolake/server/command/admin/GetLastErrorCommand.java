package dev.mongolake.server.command.admin;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;

/**
 * {@code getLastError}: old clients call it after a write. Every write command reports its own
 * errors, so the last error of a connection is always "none".
 */
public final class GetLastErrorCommand implements Command {

  /**
   * MongoDB 8.0 has no getLastError; the one it had (5.0) was parsed without IDL and ignored other
   * fields. Its write-concern fields ask to wait for the last write's durability or replication,
   * which this answer does not do, so they are refused, except {@code w: 1}: every write here was
   * acknowledged by the one node before its reply.
   */
  private static final CommandFields FIELDS =
      CommandFields.ignoringOthers("getLastError")
          .refusingUnless("w", value -> value.isNumber() && value.asNumber().doubleValue() == 1)
          .refusing("j", "fsync", "wtimeout", "wOpTime", "wElectionId");

  @Override
  public String name() {
    return "getLastError";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
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
