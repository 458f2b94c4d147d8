package dev.mongolake.server.command.index;

import dev.mongolake.MongoLake;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CursorRegistry;
import java.util.List;

/** The index commands: {@code createIndexes}, {@code listIndexes} and {@code dropIndexes}. */
public final class IndexCommands {

  private IndexCommands() {}

  public static List<Command> all(MongoLake lake, CursorRegistry cursors) {
    return List.of(
        new CreateIndexesCommand(lake),
        new ListIndexesCommand(lake, cursors),
        new DropIndexesCommand(lake),
        new CollModCommand(lake));
  }
}
