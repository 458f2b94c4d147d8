package dev.mongolake.server.command.admin;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ConnectionInfo;
import dev.mongolake.server.command.Topology;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The arguments of an awaitable {@code hello} (server discovery and monitoring's streaming
 * protocol): the {@code topologyVersion} the client last saw and how long the server may hold the
 * reply, {@code maxAwaitTimeMS}. Both or neither, as in MongoDB, with its error codes.
 *
 * @param topologyVersion the version in the client's last reply
 * @param maxAwaitTimeMS the longest the reply may be held, in milliseconds
 */
record AwaitableHello(Topology.Version topologyVersion, long maxAwaitTimeMS) {

  private static final String TOPOLOGY_VERSION = "topologyVersion";
  private static final String MAX_AWAIT_TIME_MS = "maxAwaitTimeMS";

  /** How often a held reply checks that its client is still connected. */
  static final long CLIENT_CHECK_MILLIS = 1_000;

  /** Whether a request body asks for an awaitable reply. */
  static boolean requested(BsonDocument body) {
    return body.containsKey(TOPOLOGY_VERSION) && body.containsKey(MAX_AWAIT_TIME_MS);
  }

  /**
   * The awaitable arguments of a {@code hello}, or empty for an ordinary one.
   *
   * @throws MongoLakeException for a wrong type, a negative value, only one of the two fields, or
   *     an exhaust request that is not awaitable
   */
  static Optional<AwaitableHello> parse(CommandRequest request) {
    BsonDocument body = request.body();
    String command = request.commandName();
    Long maxAwaitTimeMS = null;
    if (body.containsKey(MAX_AWAIT_TIME_MS)) {
      maxAwaitTimeMS = new CommandArguments(command, body).number(MAX_AWAIT_TIME_MS, 0);
      if (maxAwaitTimeMS < 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51024,
            "BSON field 'maxAwaitTimeMS' value must be >= 0, actual value '"
                + maxAwaitTimeMS
                + "'");
      }
    }
    Topology.Version topologyVersion = null;
    if (body.containsKey(TOPOLOGY_VERSION)) {
      topologyVersion = topologyVersion(command, body.get(TOPOLOGY_VERSION));
    }
    if (topologyVersion == null || maxAwaitTimeMS == null) {
      if (topologyVersion != null || maxAwaitTimeMS != null) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_31368,
            topologyVersion != null
                ? "A request with a 'topologyVersion' must include 'maxAwaitTimeMS'"
                : "A request with 'maxAwaitTimeMS' must include a 'topologyVersion'");
      }
      if (request.exhaustAllowed()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51756,
            "An isMaster or hello request with exhaust must specify 'maxAwaitTimeMS'");
      }
      return Optional.empty();
    }
    if (topologyVersion.counter() < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31372, "topologyVersion must have a non-negative counter");
    }
    return Optional.of(new AwaitableHello(topologyVersion, maxAwaitTimeMS));
  }

  /**
   * Holds the reply while the client's version is this server's current one: until the topology
   * changes (shutdown), {@code maxAwaitTimeMS} elapse or the client closes the connection (checked
   * every {@link #CLIENT_CHECK_MILLIS}, so a departed monitor does not hold its connection, and a
   * place under the connection limit, for the whole wait). A version from another process (the
   * server restarted) or an older counter is answered at once.
   *
   * @throws MongoLakeException Location51764 for a counter ahead of the server's, Interrupted if
   *     the connection's thread is interrupted
   */
  void await(Topology topology, ConnectionInfo connection) {
    Topology.Version current = topology.version();
    if (!topologyVersion.processId().equals(current.processId())
        || topologyVersion.counter() < current.counter()) {
      return;
    }
    if (topologyVersion.counter() > current.counter()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51764,
          "Received a topology version with counter: "
              + topologyVersion.counter()
              + " which is greater than the server topology version counter: "
              + current.counter());
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxAwaitTimeMS);
    try {
      while (true) {
        long remainingNanos = deadline - System.nanoTime();
        // Rounded up: a hold never ends before maxAwaitTimeMS.
        long remainingMillis = (remainingNanos + 999_999) / 1_000_000;
        if (remainingNanos <= 0
            || topology.awaitChange(
                current.counter(), Math.min(remainingMillis, CLIENT_CHECK_MILLIS))
            || connection.clientGone()) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MongoLakeException(ErrorCode.INTERRUPTED, "operation was interrupted");
    }
  }

  /** The next request of an exhaust stream: the same one, knowing the version just reported. */
  static BsonDocument next(BsonDocument request, BsonDocument reply) {
    BsonDocument next = request.clone();
    next.put(TOPOLOGY_VERSION, reply.getDocument(TOPOLOGY_VERSION));
    return next;
  }

  private static Topology.Version topologyVersion(String command, BsonValue value) {
    String field = command + "." + TOPOLOGY_VERSION;
    if (!value.isDocument()) {
      throw wrongType(field, value, "object");
    }
    BsonDocument document = value.asDocument();
    BsonValue processId = required(document, field + ".processId");
    if (!processId.isObjectId()) {
      throw wrongType(field + ".processId", processId, "objectId");
    }
    BsonValue counter = required(document, field + ".counter");
    if (!counter.isInt64() && !counter.isInt32()) {
      throw wrongType(field + ".counter", counter, "long");
    }
    return new Topology.Version(processId.asObjectId().getValue(), counter.asNumber().longValue());
  }

  private static BsonValue required(BsonDocument document, String path) {
    BsonValue value = document.get(path.substring(path.lastIndexOf('.') + 1));
    if (value == null) {
      throw new MongoLakeException(
          ErrorCode.NO_SUCH_KEY, "BSON field '" + path + "' is missing but a required field");
    }
    return value;
  }

  private static MongoLakeException wrongType(String path, BsonValue value, String expected) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + path
            + "' is the wrong type '"
            + CommandArguments.typeName(value)
            + "', expected type '"
            + expected
            + "'");
  }
}
