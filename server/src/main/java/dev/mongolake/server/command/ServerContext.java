package dev.mongolake.server.command;

import dev.mongolake.server.auth.UserStore;
import dev.mongolake.server.authz.Authorization;
import dev.mongolake.server.authz.InMemoryRoleStore;
import dev.mongolake.server.authz.RoleStore;
import dev.mongolake.server.metrics.ServerMetrics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.types.ObjectId;

/**
 * Server-wide facts and counters that commands report: identity, start time, connection counts.
 * Thread-safe.
 */
public final class ServerContext {

  /** The MongoDB version this server reports, matching {@link #MAX_WIRE_VERSION}. */
  public static final String COMPATIBLE_MONGODB_VERSION = "8.0.0";

  /**
   * Wire version 25 is MongoDB 8.0: drivers that see it send the {@code bulkWrite} command for
   * {@code client.bulkWrite} and {@code sort} in update statements, which this server answers as
   * 8.0 does; queries for null do not match undefined, as in 8.0.
   */
  public static final int MAX_WIRE_VERSION = 25;

  /** MongoDB's default session timeout; drivers refuse sessions without one in {@code hello}. */
  public static final int LOGICAL_SESSION_TIMEOUT_MINUTES = 30;

  private final Clock clock;
  private final Instant startTime;
  private final Topology topology = new Topology(new ObjectId());
  private final String productVersion;
  private final List<String> argv;
  private final int maxConnections;
  private final boolean authEnabled;
  private final UserStore users;
  private final Authorization authorization;
  private final CursorRegistry cursors;
  private final AtomicLong currentConnections = new AtomicLong();
  private final AtomicLong totalConnections = new AtomicLong();
  private final ServerMetrics metrics = new ServerMetrics();
  private final OperationsInProgress operations = new OperationsInProgress();
  private final LogicalSessionCache sessions;
  private volatile ReplicaSetMember replicaSet;

  /** A server whose user-defined roles live in memory. */
  public ServerContext(
      Clock clock,
      String productVersion,
      List<String> argv,
      int maxConnections,
      boolean authEnabled,
      UserStore users,
      CursorRegistry cursors) {
    this(
        clock,
        productVersion,
        argv,
        maxConnections,
        authEnabled,
        users,
        new InMemoryRoleStore(),
        cursors);
  }

  /**
   * @param authEnabled whether commands need an authenticated user holding the privileges they
   *     require ({@code --auth})
   * @param users where users and their credentials live
   * @param roles where user-defined roles live
   * @param cursors the server's open cursors
   */
  public ServerContext(
      Clock clock,
      String productVersion,
      List<String> argv,
      int maxConnections,
      boolean authEnabled,
      UserStore users,
      RoleStore roles,
      CursorRegistry cursors) {
    this(
        clock,
        productVersion,
        argv,
        maxConnections,
        authEnabled,
        users,
        roles,
        cursors,
        Duration.ofMinutes(LOGICAL_SESSION_TIMEOUT_MINUTES));
  }

  /**
   * As {@link #ServerContext(Clock, String, List, int, boolean, UserStore, RoleStore,
   * CursorRegistry)}, with logical sessions that live {@code sessionTimeout} unused.
   */
  public ServerContext(
      Clock clock,
      String productVersion,
      List<String> argv,
      int maxConnections,
      boolean authEnabled,
      UserStore users,
      RoleStore roles,
      CursorRegistry cursors,
      Duration sessionTimeout) {
    this.clock = clock;
    this.sessions = new LogicalSessionCache(clock, sessionTimeout, cursors);
    this.cursors = cursors;
    this.authEnabled = authEnabled;
    this.users = users;
    this.authorization = new Authorization(users, roles);
    this.startTime = clock.instant();
    this.productVersion = productVersion;
    this.argv = List.copyOf(argv);
    this.maxConnections = maxConnections;
  }

  public Clock clock() {
    return clock;
  }

  public Instant startTime() {
    return startTime;
  }

  /** Identifies this server process in {@code topologyVersion}; new on every start. */
  public ObjectId processId() {
    return topology.version().processId();
  }

  /**
   * The {@code topologyVersion} that {@code hello} reports and awaitable {@code hello} waits on.
   */
  public Topology topology() {
    return topology;
  }

  /** MongoLake's own version. */
  public String productVersion() {
    return productVersion;
  }

  /** The command line the server was started with. */
  public List<String> argv() {
    return argv;
  }

  public boolean authEnabled() {
    return authEnabled;
  }

  /** The server's open cursors. */
  public CursorRegistry cursors() {
    return cursors;
  }

  /** The logical sessions the server knows. */
  public LogicalSessionCache sessions() {
    return sessions;
  }

  /** {@code logicalSessionTimeoutMinutes}, as {@code hello} and {@code startSession} report it. */
  public int sessionTimeoutMinutes() {
    return (int) sessions.timeout().toMinutes();
  }

  /** The replica set this server is the primary of, or empty for a standalone. */
  public Optional<ReplicaSetMember> replicaSet() {
    return Optional.ofNullable(replicaSet);
  }

  /** Makes this server a replica set member; called once, before it serves. */
  public void joinReplicaSet(ReplicaSetMember member) {
    replicaSet = member;
  }

  public UserStore users() {
    return users;
  }

  /** Roles, and the decision whether a connection may run a request. */
  public Authorization authorization() {
    return authorization;
  }

  /** The commands running now, on every connection. */
  public OperationsInProgress operations() {
    return operations;
  }

  /** Counters and latencies of commands and REST requests, exposed at {@code /metrics}. */
  public ServerMetrics metrics() {
    return metrics;
  }

  public int maxConnections() {
    return maxConnections;
  }

  public long currentConnections() {
    return currentConnections.get();
  }

  public long totalConnections() {
    return totalConnections.get();
  }

  /** Counts a new connection and returns its id. */
  public long connectionOpened() {
    currentConnections.incrementAndGet();
    return totalConnections.incrementAndGet();
  }

  public void connectionClosed() {
    currentConnections.decrementAndGet();
  }
}
