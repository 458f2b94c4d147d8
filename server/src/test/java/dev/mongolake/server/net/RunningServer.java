package dev.mongolake.server.net;

import dev.mongolake.server.StandardCommands;
import dev.mongolake.server.auth.InMemoryUserStore;
import dev.mongolake.server.auth.UserStore;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ServerContext;
import java.time.Clock;
import java.util.List;

/** A wire server on a free 127.0.0.1 port, for tests. */
final class RunningServer implements AutoCloseable {

  final WireServer server;
  final ServerContext context;

  private RunningServer(WireServer server, ServerContext context) {
    this.server = server;
    this.context = context;
  }

  static RunningServer start(Command... extra) {
    return start(false, new InMemoryUserStore(), extra);
  }

  static RunningServer start(boolean auth, UserStore users, Command... extra) {
    return start(WireServerOptions.local(0), auth, users, extra);
  }

  static RunningServer start(
      WireServerOptions options, boolean auth, UserStore users, Command... extra) {
    ServerContext context =
        new ServerContext(
            Clock.systemUTC(),
            "test",
            List.of("mongolake", "dev"),
            100,
            auth,
            users,
            new dev.mongolake.server.command.CursorRegistry(
                Clock.systemUTC(), dev.mongolake.server.command.CursorRegistry.DEFAULT_TIMEOUT));
    CommandDispatcher dispatcher =
        new CommandDispatcher(StandardCommands.registry(List.of(extra)), context);
    return new RunningServer(WireServer.start(options, dispatcher, context), context);
  }

  String uri(String options) {
    return "mongodb://127.0.0.1:" + server.port() + "/?serverSelectionTimeoutMS=5000" + options;
  }

  @Override
  public void close() {
    server.close();
  }
}
