package dev.mongolake.server;

import dev.mongolake.MongoLake;
import dev.mongolake.server.auth.SaslCommands;
import dev.mongolake.server.auth.UserCommands;
import dev.mongolake.server.authz.RoleCommands;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRegistry;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.admin.AdminCommands;
import dev.mongolake.server.command.catalog.CatalogCommands;
import dev.mongolake.server.command.crud.CrudCommands;
import dev.mongolake.server.command.diagnostic.DiagnosticCommands;
import dev.mongolake.server.command.index.IndexCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** Assembles the registry of every command the server answers. */
public final class StandardCommands {

  private StandardCommands() {}

  /** Every command of a server in front of {@code lake}. */
  public static CommandRegistry forLake(MongoLake lake, CursorRegistry cursors) {
    List<Command> commands = new ArrayList<>();
    commands.addAll(CrudCommands.all(lake, cursors));
    commands.addAll(CatalogCommands.all(lake, cursors));
    commands.addAll(IndexCommands.all(lake, cursors));
    commands.addAll(DiagnosticCommands.all(lake));
    return registry(commands);
  }

  /** The standard commands plus {@code extra} ones. */
  public static CommandRegistry registry(List<? extends Command> extra) {
    AtomicReference<CommandRegistry> registry = new AtomicReference<>();
    List<Command> commands = new ArrayList<>(AdminCommands.all(registry::get));
    commands.addAll(SaslCommands.all());
    commands.addAll(UserCommands.all());
    commands.addAll(RoleCommands.all());
    commands.addAll(extra);
    registry.set(CommandRegistry.of(commands));
    return registry.get();
  }
}
