package dev.mongolake.server.command.crud;

import dev.mongolake.MongoLake;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/** The document commands: reads, writes and cursors. */
public final class CrudCommands {

  private CrudCommands() {}

  public static List<Command> all(MongoLake lake, CursorRegistry cursors) {
    return List.of(
        new InsertCommand(lake),
        new FindCommand(lake, cursors),
        new GetMoreCommand(cursors),
        new KillCursorsCommand(cursors),
        new UpdateCommand(lake),
        new DeleteCommand(lake),
        new FindAndModifyCommand(lake),
        new CountCommand(lake),
        new DistinctCommand(lake),
        new AggregateCommand(lake, cursors),
        new FsyncCommand(lake));
  }

  /** {@code fsync}: forces every acknowledged write to disk. */
  private record FsyncCommand(MongoLake lake) implements Command {
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
}
