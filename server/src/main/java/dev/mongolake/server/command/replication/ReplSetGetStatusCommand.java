package dev.mongolake.server.command.replication;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ReplicaSetMember;
import java.time.Duration;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonTimestamp;

/**
 * {@code replSetGetStatus} (what mongosh's {@code rs.status()} runs): the set of one, its member
 * the primary, healthy, with the op times of the write-ahead log (applied: the last write; durable
 * and majority-committed: the last durable write). A standalone answers NoReplicationEnabled, as
 * MongoDB's does.
 */
public final class ReplSetGetStatusCommand implements Command {

  private static final CommandFields FIELDS = CommandFields.of("replSetGetStatus");

  @Override
  public String name() {
    return "replSetGetStatus";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.REPL_SET_GET_STATUS);
  }

  @Override
  public boolean quick(BsonDocument body) {
    return true;
  }

  @Override
  public String help() {
    return "Report the status of the replica set from the point of view of this server.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    ReplicaSetMember member = ReplicaSets.member(request);
    BsonTimestamp applied = member.lastWriteTime();
    BsonTimestamp durable = member.majorityTime();
    long now = request.server().clock().millis();
    long uptime =
        Duration.between(request.server().startTime(), request.server().clock().instant())
            .toSeconds();
    BsonDocument self =
        new BsonDocument("_id", new BsonInt32(0))
            .append("name", new BsonString(member.host()))
            .append("health", new BsonDouble(1))
            .append("state", new BsonInt32(1))
            .append("stateStr", new BsonString("PRIMARY"))
            .append("uptime", new BsonInt64(uptime))
            .append("optime", ReplicaSetMember.opTime(applied))
            .append("optimeDate", ReplicaSetMember.wallTime(applied))
            .append("optimeDurable", ReplicaSetMember.opTime(durable))
            .append("optimeDurableDate", ReplicaSetMember.wallTime(durable))
            .append("lastAppliedWallTime", ReplicaSetMember.wallTime(applied))
            .append("lastDurableWallTime", ReplicaSetMember.wallTime(durable))
            .append("syncSourceHost", new BsonString(""))
            .append("syncSourceId", new BsonInt32(-1))
            .append("infoMessage", new BsonString(""))
            .append("electionTime", member.electionTime())
            .append("electionDate", ReplicaSetMember.wallTime(member.electionTime()))
            .append("configVersion", new BsonInt32(ReplicaSetMember.CONFIG_VERSION))
            .append("configTerm", new BsonInt64(ReplicaSetMember.TERM))
            .append("self", org.bson.BsonBoolean.TRUE)
            .append("lastHeartbeatMessage", new BsonString(""));
    BsonDocument optimes =
        new BsonDocument("lastCommittedOpTime", ReplicaSetMember.opTime(durable))
            .append("lastCommittedWallTime", ReplicaSetMember.wallTime(durable))
            .append("readConcernMajorityOpTime", ReplicaSetMember.opTime(durable))
            .append("appliedOpTime", ReplicaSetMember.opTime(applied))
            .append("durableOpTime", ReplicaSetMember.opTime(durable))
            .append("lastAppliedWallTime", ReplicaSetMember.wallTime(applied))
            .append("lastDurableWallTime", ReplicaSetMember.wallTime(durable));
    return new BsonDocument("set", new BsonString(member.name()))
        .append("date", new BsonDateTime(now))
        .append("myState", new BsonInt32(1))
        .append("term", new BsonInt64(ReplicaSetMember.TERM))
        .append("syncSourceHost", new BsonString(""))
        .append("syncSourceId", new BsonInt32(-1))
        .append("heartbeatIntervalMillis", new BsonInt64(2000))
        .append("majorityVoteCount", new BsonInt32(1))
        .append("writeMajorityCount", new BsonInt32(1))
        .append("votingMembersCount", new BsonInt32(1))
        .append("writableVotingMembersCount", new BsonInt32(1))
        .append("optimes", optimes)
        .append("members", new BsonArray(java.util.List.of(self)));
  }
}
