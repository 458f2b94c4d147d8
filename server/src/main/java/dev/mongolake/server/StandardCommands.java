package dev.mongolake.server;

import dev.mongolake.server.auth.SaslCommands;
import dev.mongolake.server.auth.UserCommands;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRegistry;
import dev.mongolake.server.command.admin.AdminCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** Assembles the registry of every command the server answers. */
public final class StandardCommands {

  private StandardCommands() {}

  /** The standard commands plus {@code extra} ones. */
  public static CommandRegistry registry(List<? extends Command> extra) {
    AtomicReference<CommandRegistry> registry = new AtomicReference<>();
    List<Command> commands = new ArrayList<>(AdminCommands.all(registry::get));
    commands.addAll(SaslCommands.all());
    commands.addAll(UserCommands.all());
    commands.addAll(extra);
    registry.set(CommandRegistry.of(commands));
    return registry.get();
  }
}
