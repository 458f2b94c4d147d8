package dev.mongolake.server.command.admin;

import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The handshake, diagnostic and session commands, which need no storage engine. */
public final class AdminCommands {

  private AdminCommands() {}

  /**
   * The commands.
   *
   * @param registry the registry they end up in, for {@code listCommands}
   */
  public static List<Command> all(Supplier<CommandRegistry> registry) {
    List<Command> commands = new ArrayList<>();
    commands.add(new HelloCommand());
    commands.add(new PingCommand());
    commands.add(new BuildInfoCommand());
    commands.add(new HostInfoCommand());
    commands.add(new GetParameterCommand());
    commands.add(new GetCmdLineOptsCommand());
    commands.add(new ConnectionStatusCommand());
    commands.add(new WhatsMyUriCommand());
    commands.add(new GetLogCommand());
    commands.add(new ServerStatusCommand());
    commands.add(new GetLastErrorCommand());
    commands.add(new ListCommandsCommand(registry));
    commands.addAll(SessionCommands.all());
    return commands;
  }
}
