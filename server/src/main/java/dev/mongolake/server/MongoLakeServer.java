package dev.mongolake.server;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.server.auth.InMemoryUserStore;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.command.catalog.CatalogCommands;
import dev.mongolake.server.command.crud.CrudCommands;
import dev.mongolake.server.net.WireServer;
import dev.mongolake.server.net.WireServerOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A running MongoLake server: the embedded database behind the MongoDB wire protocol. {@link
 * #close()} stops accepting, lets in-flight commands finish, then closes the database so that every
 * acknowledged write is durable.
 */
public final class MongoLakeServer implements AutoCloseable {

  private static final int MAX_CONNECTIONS = 1000;

  private final MongoLake lake;
  private final WireServer wire;
  private final ServerConfig config;

  private MongoLakeServer(MongoLake lake, WireServer wire, ServerConfig config) {
    this.lake = lake;
    this.wire = wire;
    this.config = config;
  }

  /** Opens the database and starts listening. */
  public static MongoLakeServer start(ServerConfig config, String productVersion) {
    MongoLake lake =
        MongoLake.open(
            MongoLakeOptions.defaults()
                .withPath(config.dataPath())
                .withDurability(config.durability()));
    try {
      Clock clock = Clock.systemUTC();
      CursorRegistry cursors = new CursorRegistry(clock, CursorRegistry.DEFAULT_TIMEOUT);
      ServerContext context =
          new ServerContext(
              clock,
              productVersion,
              config.argv(),
              MAX_CONNECTIONS,
              config.auth(),
              new InMemoryUserStore(),
              cursors);
      List<dev.mongolake.server.command.Command> commands = new ArrayList<>();
      commands.addAll(CrudCommands.all(lake, cursors));
      commands.addAll(CatalogCommands.all(lake, cursors));
      commands.addAll(dev.mongolake.server.command.index.IndexCommands.all(lake, cursors));
      commands.addAll(dev.mongolake.server.command.diagnostic.DiagnosticCommands.all(lake));
      CommandDispatcher dispatcher =
          new CommandDispatcher(StandardCommands.registry(commands), context);
      WireServer wire =
          WireServer.start(
              new WireServerOptions(
                  config.bindAddress(), config.port(), MAX_CONNECTIONS, Duration.ofMinutes(30)),
              dispatcher,
              context);
      return new MongoLakeServer(lake, wire, config);
    } catch (RuntimeException e) {
      lake.close();
      throw e;
    }
  }

  /** The wire protocol port actually bound. */
  public int port() {
    return wire.port();
  }

  /** A connection string for this server. */
  public String connectionString() {
    String host = config.bindAddress().equals("0.0.0.0") ? "127.0.0.1" : config.bindAddress();
    return "mongodb://" + host + ":" + port() + "/";
  }

  /** The embedded database this server serves. */
  public MongoLake lake() {
    return lake;
  }

  @Override
  public void close() {
    try {
      wire.close();
    } finally {
      lake.close();
    }
  }
}
