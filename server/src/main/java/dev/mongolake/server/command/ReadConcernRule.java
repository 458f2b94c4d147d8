package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * What a standalone server does with a command's {@code readConcern}, as MongoDB's standalone does:
 * {@code local}, {@code available} and {@code majority} read what every read here reads (the
 * durable, acknowledged state: there are no other members to wait for); {@code snapshot}, {@code
 * linearizable} and reads at or after a cluster time or op time need a replica set and are refused,
 * never answered with the current data as if they had been honoured.
 */
final class ReadConcernRule {

  private static final String FIELD = "readConcern";
  private static final Set<String> SERVED_LEVELS = Set.of("local", "available", "majority");
  private static final Set<String> REPLICA_SET_LEVELS = Set.of("snapshot", "linearizable");
  private static final Set<String> KNOWN_FIELDS =
      Set.of("level", "afterClusterTime", "atClusterTime", "afterOpTime", "provenance");

  /** Where a cluster-time or op-time option is refused, with MongoDB's code for a standalone. */
  private static final Map<String, ErrorCode> REPLICA_SET_OPTIONS =
      Map.of(
          "afterClusterTime", ErrorCode.ILLEGAL_OPERATION,
          "atClusterTime", ErrorCode.NOT_A_REPLICA_SET,
          "afterOpTime", ErrorCode.NOT_A_REPLICA_SET);

  private ReadConcernRule() {}

  /**
   * A replica set of one: {@code local}, {@code available} and {@code majority} read the durable
   * state (the one member's majority); {@code afterClusterTime} (what causally consistent sessions
   * send) waits until every write up to that time is durable, and a time later than the cluster's
   * is refused as MongoDB refuses it. {@code snapshot} reads (with or without {@code
   * atClusterTime}) are served by the commands {@link SnapshotRead} names and refused by the
   * others; {@code linearizable} and {@code afterOpTime} are not supported yet and are refused by
   * name.
   */
  private static void checkMember(
      String command, String database, BsonDocument concern, ReplicaSetMember member) {
    SnapshotRead.check(command, database, concern);
    BsonValue level = concern.get("level");
    if (level != null) {
      if (!level.isString()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field 'readConcern.level' is the wrong type '"
                + CommandArguments.typeName(level)
                + "', expected type 'string'");
      }
      String name = level.asString().getValue();
      if ("linearizable".equals(name)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "Cannot use readConcern level '" + name + "': it is not supported by this server yet");
      }
      if (!SERVED_LEVELS.contains(name) && !"snapshot".equals(name)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Enumeration value '" + name + "' for field 'readConcern.level' is not a valid value.");
      }
    }
    for (String option : List.of("afterOpTime")) {
      if (concern.containsKey(option)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "Cannot use readConcern " + option + ": it is not supported by this server yet");
      }
    }
    BsonValue after = concern.get("afterClusterTime");
    if (after == null) {
      return;
    }
    if (!(after instanceof BsonTimestamp time)) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'readConcern.afterClusterTime' is the wrong type '"
              + CommandArguments.typeName(after)
              + "', expected type 'timestamp'");
    }
    BsonTimestamp current = member.clusterTime();
    if (time.compareTo(current) > 0) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "readConcern afterClusterTime value must not be greater than the current clusterTime."
              + " Requested clusterTime: "
              + time
              + "; current clusterTime: "
              + current);
    }
    member.awaitDurable(time);
  }

  /**
   * Refuses a {@code readConcern} this server cannot honour; does nothing without one. A replica
   * set member honours {@code afterClusterTime} (see {@link #checkMember}).
   */
  static void check(String database, BsonDocument body, Optional<ReplicaSetMember> replicaSet) {
    BsonValue value = body.get(FIELD);
    if (value == null) {
      return;
    }
    BsonDocument concern = ConcernDocument.parse(FIELD, value, KNOWN_FIELDS);
    if (replicaSet.isPresent()) {
      checkMember(body.getFirstKey(), database, concern, replicaSet.get());
      return;
    }
    BsonValue level = concern.get("level");
    if (level != null) {
      if (!level.isString()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field 'readConcern.level' is the wrong type '"
                + CommandArguments.typeName(level)
                + "', expected type 'string'");
      }
      String name = level.asString().getValue();
      if (REPLICA_SET_LEVELS.contains(name)) {
        throw new MongoLakeException(
            ErrorCode.NOT_A_REPLICA_SET,
            "Cannot use readConcern level '"
                + name
                + "': it needs a replica set, and this server is a standalone");
      }
      if (!SERVED_LEVELS.contains(name)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE,
            "Enumeration value '" + name + "' for field 'readConcern.level' is not a valid value.");
      }
    }
    for (Map.Entry<String, ErrorCode> option : REPLICA_SET_OPTIONS.entrySet()) {
      if (concern.containsKey(option.getKey())) {
        throw new MongoLakeException(
            option.getValue(),
            "Cannot use readConcern "
                + option.getKey()
                + ": it needs a replica set, and this server is a standalone");
      }
    }
  }
}
