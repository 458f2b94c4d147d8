package dev.mongolake.server.net;

import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.CommandRegistry;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.command.admin.AdminCommands;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** A wire server on a free 127.0.0.1 port, for tests. */
final class RunningServer implements AutoCloseable {

  final WireServer server;
  final ServerContext context;

  private RunningServer(WireServer server, ServerContext context) {
    this.server = server;
    this.context = context;
  }

  static RunningServer start(Command... extra) {
    ServerContext context =
        new ServerContext(Clock.systemUTC(), "test", List.of("mongolake", "dev"), 100);
    AtomicReference<CommandRegistry> registry = new AtomicReference<>();
    List<Command> commands = new ArrayList<>(AdminCommands.all(registry::get));
    commands.addAll(List.of(extra));
    registry.set(CommandRegistry.of(commands));
    CommandDispatcher dispatcher = new CommandDispatcher(registry.get(), context);
    return new RunningServer(
        WireServer.start(WireServerOptions.local(0), dispatcher, context), context);
  }

  String uri(String options) {
    return "mongodb://127.0.0.1:" + server.port() + "/?serverSelectionTimeoutMS=5000" + options;
  }

  @Override
  public void close() {
    server.close();
  }
}
