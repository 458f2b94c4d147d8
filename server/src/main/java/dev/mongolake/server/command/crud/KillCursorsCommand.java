package dev.mongolake.server.command.crud;

import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** {@code killCursors}: {@code {killCursors: <coll>, cursors: [ids]}}. */
public final class KillCursorsCommand implements Command {

  private final CursorRegistry cursors;

  public KillCursorsCommand(CursorRegistry cursors) {
    this.cursors = cursors;
  }

  @Override
  public String name() {
    return "killCursors";
  }

  @Override
  public String help() {
    return "Kill open cursors.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    args.namespace(request.database());
    BsonArray killed = new BsonArray();
    BsonArray notFound = new BsonArray();
    for (BsonValue id : args.array("cursors")) {
      if (id.isNumber() && cursors.kill(id.asNumber().longValue())) {
        killed.add(id);
      } else {
        notFound.add(id);
      }
    }
    return new BsonDocument("cursorsKilled", killed)
        .append("cursorsNotFound", notFound)
        .append("cursorsAlive", new BsonArray())
        .append("cursorsUnknown", new BsonArray());
  }
}
