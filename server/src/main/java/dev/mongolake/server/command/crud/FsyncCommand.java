package dev.mongolake.server.command.crud;

import dev.mongolake.MongoLake;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/** {@code fsync}: forces every acknowledged write to disk. */
public record FsyncCommand(MongoLake lake) implements Command {
  @Override
  public String name() {
    return "fsync";
  }

  /**
   * {@code lock: true} (block writes until {@code fsyncUnlock}) is not implemented: refused, so
   * that a backup taken under it is not taken while writes go on.
   */
  @Override
  public CommandFields fields() {
    return CommandFields.of("fsync")
        .refusingUnless("lock", CommandFields.FALSE)
        .refusingUnless("async", CommandFields.FALSE);
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.FSYNC);
  }

  @Override
  public String help() {
    return "Flush every collection's buffer to its Delta table and trim the log.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    lake.flush();
    return new BsonDocument("numFiles", new BsonInt32(1));
  }
}
