package dev.mongolake.server.command.admin;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.ScramMechanism;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.command.Topology;
import dev.mongolake.server.wire.Compressor;
import dev.mongolake.server.wire.Compressors;
import dev.mongolake.server.wire.WireLimits;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code hello} (and the legacy {@code isMaster}/{@code ismaster}): the handshake that tells a
 * driver what this server is. It reports a writable MongoDB 8.0 so that current drivers, mongosh
 * and Compass accept it: a standalone, or with {@code --replica-set} the primary of a replica set
 * of one ({@code setName}, {@code hosts}, {@code primary}, {@code me}, {@code electionId}, {@code
 * lastWrite}, see {@link dev.mongolake.server.command.ReplicaSetMember}).
 *
 * <p>Every reply carries {@code topologyVersion}; a request that sends it back with {@code
 * maxAwaitTimeMS} is awaitable: the reply is held until the topology changes (here: shutdown
 * starts) or that time elapses. Sent with OP_MSG's {@code exhaustAllowed}, the connection then
 * streams one reply per interval until the client goes away (see {@link #nextExhaustRequest}).
 */
public final class HelloCommand implements Command {

  @Override
  public String name() {
    return "hello";
  }

  @Override
  public Set<String> aliases() {
    return Set.of("isMaster", "ismaster");
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.open();
  }

  @Override
  public String help() {
    return "Check if this server is primary for a replica set; reports the server's limits.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    BsonDocument body = request.body();
    Optional<AwaitableHello> awaitable = AwaitableHello.parse(request);
    if (body.get("client") instanceof BsonDocument client) {
      request.connection().recordClientMetadata(client);
    }
    ServerContext server = request.server();
    Topology topology = server.topology();
    awaitable.ifPresent(a -> a.await(topology, request.connection()));
    if (topology.shuttingDown()) {
      // Whether it waited or not: a driver that learns this marks the server unknown at once.
      throw new MongoLakeException(
          ErrorCode.SHUTDOWN_IN_PROGRESS,
          "Cannot answer " + request.commandName() + ": the server is shutting down");
    }
    BsonDocument reply = new BsonDocument();
    if (request.commandName().equals("hello")) {
      reply.put("isWritablePrimary", BsonBoolean.TRUE);
    } else {
      reply.put("ismaster", BsonBoolean.TRUE);
      if (body.getBoolean("helloOk", BsonBoolean.FALSE).getValue()) {
        reply.put("helloOk", BsonBoolean.TRUE);
      }
    }
    // A replica set member's fields: drivers then treat this server as the set's primary.
    server.replicaSet().ifPresent(member -> member.addHelloFields(reply));
    // With topologyVersion in the reply drivers monitor with the streaming protocol: an awaitable
    // hello (held up to maxAwaitTimeMS) whose replies arrive over an exhaust stream.
    reply.put("topologyVersion", topology.version().toBson());
    reply.put("maxBsonObjectSize", new BsonInt32(WireLimits.MAX_BSON_OBJECT_SIZE));
    reply.put("maxMessageSizeBytes", new BsonInt32(WireLimits.MAX_MESSAGE_SIZE));
    reply.put("maxWriteBatchSize", new BsonInt32(WireLimits.MAX_WRITE_BATCH_SIZE));
    reply.put("localTime", new BsonDateTime(server.clock().millis()));
    reply.put("logicalSessionTimeoutMinutes", new BsonInt32(server.sessionTimeoutMinutes()));
    reply.put("connectionId", new BsonInt64(request.connection().id()));
    reply.put("minWireVersion", new BsonInt32(0));
    reply.put("maxWireVersion", new BsonInt32(ServerContext.MAX_WIRE_VERSION));
    reply.put("readOnly", BsonBoolean.FALSE);
    if (body.get("saslSupportedMechs") instanceof BsonString userId) {
      reply.put("saslSupportedMechs", supportedMechanisms(server, userId.getValue()));
    }
    if (body.get("compression") instanceof BsonArray offered) {
      reply.put("compression", supportedCompressors(offered));
    }
    return reply;
  }

  /** Quick unless it waits (awaitable) or looks up a user's mechanisms in the lake. */
  @Override
  public boolean quick(BsonDocument body) {
    return !AwaitableHello.requested(body) && !body.containsKey("saslSupportedMechs");
  }

  /** An awaitable hello streams on: each reply is followed by the next after maxAwaitTimeMS. */
  @Override
  public Optional<BsonDocument> nextExhaustRequest(BsonDocument request, BsonDocument reply) {
    boolean ok = reply.get("ok") instanceof BsonNumber n && n.doubleValue() == 1.0;
    if (!ok || !AwaitableHello.requested(request) || !reply.isDocument("topologyVersion")) {
      return Optional.empty();
    }
    return Optional.of(AwaitableHello.next(request, reply));
  }

  @Override
  public boolean measuresLatency(BsonDocument body) {
    return !AwaitableHello.requested(body);
  }

  /** The mechanisms the user {@code <db>.<name>} has credentials for (empty if unknown). */
  private static BsonArray supportedMechanisms(ServerContext server, String userId) {
    BsonArray mechanisms = new BsonArray();
    int dot = userId.indexOf('.');
    if (dot > 0) {
      server
          .users()
          .find(userId.substring(0, dot), userId.substring(dot + 1))
          .ifPresent(
              user ->
                  user.credentials().keySet().stream()
                      .map(ScramMechanism::mechanismName)
                      .sorted()
                      .forEach(name -> mechanisms.add(new BsonString(name))));
    }
    return mechanisms;
  }

  /** The client's offered compressors that this server speaks, in the client's order. */
  private static BsonArray supportedCompressors(BsonArray offered) {
    BsonArray accepted = new BsonArray();
    for (BsonValue value : offered) {
      if (value.isString()) {
        Compressors.byName(value.asString().getValue())
            .map(Compressor::name)
            .ifPresent(name -> accepted.add(new BsonString(name)));
      }
    }
    return accepted;
  }
}
