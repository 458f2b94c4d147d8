package dev.mongolake.server;

import dev.mongolake.FlushProgress;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.Namespace;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.auth.LakeUserStore;
import dev.mongolake.server.authz.LakeRoleStore;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.CursorMonitor;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.ReplicaSetMember;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.command.ServerTransactions;
import dev.mongolake.server.command.WriteConcernRule;
import dev.mongolake.server.net.PemTls;
import dev.mongolake.server.net.WireServer;
import dev.mongolake.server.net.WireServerOptions;
import dev.mongolake.server.rest.CommandClient;
import dev.mongolake.server.rest.RestRouter;
import dev.mongolake.server.rest.RestServer;
import dev.mongolake.server.rest.routes.RestRoutes;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running MongoLake server: the embedded database behind the MongoDB wire protocol and, unless
 * turned off, the REST API; both front ends run the same commands through one dispatcher. {@link
 * #close()} stops accepting, lets in-flight commands finish, then closes the database so that every
 * acknowledged write is durable; it logs at INFO what it waits for (commands in flight, collections
 * to flush, each flushed) and how long it took.
 */
public final class MongoLakeServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(MongoLakeServer.class);
  private static final int MAX_CONNECTIONS = 1000;

  private final MongoLake lake;
  private final WireServer wire;
  private final RestServer rest;
  private final ServerConfig config;
  private final ServerContext context;
  private final CursorMonitor cursorMonitor;

  private MongoLakeServer(
      MongoLake lake,
      WireServer wire,
      RestServer rest,
      ServerConfig config,
      ServerContext context,
      CursorMonitor cursorMonitor) {
    this.lake = lake;
    this.wire = wire;
    this.rest = rest;
    this.config = config;
    this.context = context;
    this.cursorMonitor = cursorMonitor;
  }

  /**
   * Opens the database and starts listening. Idle cursors are closed in the background every {@link
   * CursorMonitor#DEFAULT_INTERVAL} once idle for {@link CursorRegistry#DEFAULT_TIMEOUT}.
   */
  public static MongoLakeServer start(ServerConfig config, String productVersion) {
    return start(config, productVersion, Clock.systemUTC(), CursorMonitor.DEFAULT_INTERVAL);
  }

  /**
   * Starts a server whose time (start time, cursor idleness) is {@code clock}'s and whose idle
   * cursors are looked for every {@code cursorMonitorInterval} of real time: for tests.
   */
  static MongoLakeServer start(
      ServerConfig config, String productVersion, Clock clock, Duration cursorMonitorInterval) {
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(config.dataPath())
            .withTables(config.tables())
            .withDurability(config.durability())
            .withAcceptTableLoss(config.acceptTableLoss());
    if (config.icebergMetadata()) {
      options = options.withCommitListener(IcebergListeners.forTables(config.tables()));
    }
    options = options.withTableConfigs(config.layout().applyTo(options.tableConfigs()));
    HistoryRetention history = config.history();
    if (history.vacuumRetention() != null) {
      options = options.withVacuum(options.vacuum().withRetention(history.vacuumRetention()));
    }
    if (history.historyWindow() != null) {
      options = options.withHistoryWindow(history.historyWindow());
    }
    MongoLake lake = MongoLake.open(options);
    try {
      CursorRegistry cursors = new CursorRegistry(clock, CursorRegistry.DEFAULT_TIMEOUT);
      ServerContext context =
          new ServerContext(
              clock,
              productVersion,
              config.argv(),
              MAX_CONNECTIONS,
              config.auth(),
              LakeUserStore.open(lake.tableStorage()),
              LakeRoleStore.open(lake.tableStorage()),
              cursors,
              Duration.ofMinutes(config.replication().sessionTimeoutMinutes()));
      // An ended or expired session's retryable writes can no longer be retried.
      ServerTransactions transactions =
          new ServerTransactions(
              lake, clock, Duration.ofSeconds(config.replication().transactionLifetimeSeconds()));
      context
          .sessions()
          .whenEnded(
              id -> {
                transactions.sessionEnded(id);
                lake.retryableWrites().forget(id);
              });
      lake.retryableWrites().sessions().forEach(context.sessions()::restore);
      AtomicReference<String> advertised = new AtomicReference<>();
      if (config.replication().isReplicaSet()) {
        context.joinReplicaSet(
            new ReplicaSetMember(
                config.replication().replicaSetName(),
                () ->
                    advertised.get() == null
                        ? clientHost(config) + ":" + config.port()
                        : advertised.get(),
                lake::lastWriteTime,
                lake::durableWriteTime,
                context.startTime(),
                lake.retryableWrites(),
                transactions,
                lake::syncLog));
      }
      CommandDispatcher dispatcher =
          new CommandDispatcher(
              StandardCommands.forLake(lake, cursors),
              context,
              new WriteConcernRule(config.durability() != Durability.ASYNC, lake::syncLog));
      WireServer wire =
          WireServer.start(
              new WireServerOptions(
                  config.bindAddress(),
                  config.port(),
                  MAX_CONNECTIONS,
                  Duration.ofMinutes(30),
                  config.tls() == null
                      ? null
                      : PemTls.context(config.tls().certificateChain(), config.tls().privateKey()),
                  config.connectionThreads()),
              dispatcher,
              context);
      advertised.set(advertisedHost(config, wire.port()));
      RestServer rest;
      try {
        rest = startRest(config, lake, context, dispatcher);
      } catch (RuntimeException e) {
        wire.close();
        throw e;
      }
      CursorMonitor monitor =
          CursorMonitor.start(
              cursors,
              context.sessions(),
              cursorMonitorInterval,
              () ->
                  context.replicaSet().ifPresent(member -> member.transactions().abortOutlived()));
      return new MongoLakeServer(lake, wire, rest, config, context, monitor);
    } catch (RuntimeException e) {
      lake.close();
      throw e;
    }
  }

  private static RestServer startRest(
      ServerConfig config, MongoLake lake, ServerContext context, CommandDispatcher dispatcher) {
    if (config.httpPort() == ServerConfig.NO_HTTP) {
      return null;
    }
    RestRouter router =
        new RestRouter(RestRoutes.all(lake, context, new CommandClient(dispatcher)), context);
    return RestServer.start(config.bindAddress(), config.httpPort(), router);
  }

  /** The wire protocol port actually bound. */
  public int port() {
    return wire.port();
  }

  /** A connection string for this server. */
  public String connectionString() {
    return "mongodb://"
        + clientHost()
        + ":"
        + port()
        + "/"
        + (config.tls() == null ? "" : "?tls=true");
  }

  /** The REST API's base URL, such as {@code http://127.0.0.1:3000}, when it is on. */
  public Optional<String> restUrl() {
    return Optional.ofNullable(rest).map(r -> "http://" + clientHost() + ":" + r.port());
  }

  private String clientHost() {
    return clientHost(config);
  }

  private static String clientHost(ServerConfig config) {
    return config.bindAddress().equals("0.0.0.0") ? "127.0.0.1" : config.bindAddress();
  }

  /**
   * The {@code host:port} a replica set member lists in {@code hello}, which clients then connect
   * to: {@code --advertise-host}, or the bound address (the loopback one when it is every
   * interface's) and the port actually bound.
   */
  private static String advertisedHost(ServerConfig config, int port) {
    String given = config.replication().advertisedHost();
    return given != null ? given : clientHost(config) + ":" + port;
  }

  /** The replica set name clients give as {@code replicaSet=}, when the server is in one. */
  public Optional<String> replicaSetName() {
    return Optional.ofNullable(config.replication().replicaSetName());
  }

  /** The embedded database this server serves. */
  public MongoLake lake() {
    return lake;
  }

  @Override
  public void close() {
    long started = System.nanoTime();
    int inFlight = context.operations().all().size();
    if (inFlight == 0) {
      LOG.info("Shutting down: no commands in flight");
    } else {
      LOG.info("Shutting down: waiting for {} commands in flight", inFlight);
    }
    try {
      cursorMonitor.close();
      if (rest != null) {
        rest.close();
      }
    } finally {
      try {
        wire.close();
      } finally {
        lake.close(new ShutdownFlushLog());
      }
    }
    LOG.info(
        "Stopped after {} s",
        String.format(Locale.ROOT, "%.1f", (System.nanoTime() - started) / 1e9));
  }

  /** Says what the final flush writes: the wait a shutdown spends most of its time in. */
  private static final class ShutdownFlushLog implements FlushProgress {
    @Override
    public void started(int collections, long documents) {
      if (collections == 0) {
        LOG.info("Shutting down: no buffered writes to flush");
      } else {
        LOG.info(
            "Shutting down: flushing {} collections ({} documents buffered)",
            collections,
            documents);
      }
    }

    @Override
    public void flushed(Namespace namespace, int done, int total) {
      LOG.info("Shutting down: flushed {}/{} collections ({})", done, total, namespace);
    }
  }
}
