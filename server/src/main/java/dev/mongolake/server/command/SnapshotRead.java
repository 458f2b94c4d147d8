package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.ReadAt;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * A read with {@code readConcern: {level: "snapshot"}} outside a transaction, as MongoDB 5.0+
 * serves it on a replica set member: {@code find}, {@code aggregate}, {@code distinct} (and {@code
 * count}) read every collection of the database at one cluster time, {@code atClusterTime} when the
 * command gives it, else the latest durable write's; the reply names the time ({@code
 * atClusterTime}, in the cursor for cursor commands), which a driver's snapshot session sends with
 * its later reads. Any other command refuses the level by name.
 *
 * @param point the cluster time the command reads at
 */
public record SnapshotRead(BsonTimestamp point) {

  private static final Set<String> COMMANDS = Set.of("find", "aggregate", "distinct", "count");

  /**
   * Refuses a snapshot read concern {@code command} cannot honour ({@code concern} has level
   * snapshot, or an {@code atClusterTime}).
   */
  static void check(String command, String database, BsonDocument concern) {
    BsonValue level = concern.get("level");
    boolean snapshot =
        level != null && level.isString() && "snapshot".equals(level.asString().getValue());
    BsonValue at = concern.get("atClusterTime");
    if (!snapshot) {
      if (at != null) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "Cannot use readConcern atClusterTime without readConcern level 'snapshot'");
      }
      return;
    }
    if (!COMMANDS.contains(command)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Command "
              + command
              + " does not support { readConcern: { level: \"snapshot\" } } outside a transaction");
    }
    if ("local".equals(database)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Cannot read database local with readConcern level 'snapshot'");
    }
    if (at != null && !(at instanceof BsonTimestamp)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'readConcern.atClusterTime' is the wrong type '"
              + CommandArguments.typeName(at)
              + "', expected type 'timestamp'");
    }
    if (at instanceof BsonTimestamp time && time.getValue() == 0) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS, "readConcern atClusterTime cannot be a null timestamp");
    }
    if (at != null && concern.containsKey("afterClusterTime")) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Cannot specify both readConcern atClusterTime and afterClusterTime");
    }
  }

  /**
   * The snapshot {@code request} reads at, if its read concern asks for one (already checked by the
   * dispatcher): its {@code atClusterTime}, else the latest durable write's time now.
   */
  public static Optional<SnapshotRead> of(CommandRequest request, MongoLake lake) {
    BsonValue value = request.body().get("readConcern");
    if (!(value instanceof BsonDocument concern)
        || !new org.bson.BsonString("snapshot").equals(concern.get("level"))) {
      return Optional.empty();
    }
    BsonValue at = concern.get("atClusterTime");
    return Optional.of(
        new SnapshotRead(at instanceof BsonTimestamp time ? time : lake.durableWriteTime()));
  }

  /** The database {@code name} at this snapshot, read-only. */
  public MongoLakeDatabase database(MongoLake lake, String name) {
    return lake.db(name, ReadAt.clusterTime(point));
  }

  /** {@code reply} naming the snapshot's time: in its {@code cursor}, or at its top level. */
  public BsonDocument stamp(BsonDocument reply) {
    if (reply.isDocument("cursor")) {
      reply.getDocument("cursor").append("atClusterTime", point);
    } else {
      reply.append("atClusterTime", point);
    }
    return reply;
  }
}
