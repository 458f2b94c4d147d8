package dev.mongolake.server.command.replication;

import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ReplicaSetMember;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;

/**
 * {@code replSetGetConfig} (what mongosh's {@code rs.conf()} runs): the config of the set of one,
 * version 1, term 1, its member voting with priority 1. The config is not stored: it follows from
 * the server's options. A standalone answers NoReplicationEnabled.
 */
public final class ReplSetGetConfigCommand implements Command {

  private static final CommandFields FIELDS = CommandFields.of("replSetGetConfig");

  @Override
  public String name() {
    return "replSetGetConfig";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.REPL_SET_GET_CONFIG);
  }

  @Override
  public boolean quick(BsonDocument body) {
    return true;
  }

  @Override
  public String help() {
    return "Return the current replica set configuration.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    ReplicaSetMember member = ReplicaSets.member(request);
    BsonDocument self =
        new BsonDocument("_id", new BsonInt32(0))
            .append("host", new BsonString(member.host()))
            .append("arbiterOnly", BsonBoolean.FALSE)
            .append("buildIndexes", BsonBoolean.TRUE)
            .append("hidden", BsonBoolean.FALSE)
            .append("priority", new BsonDouble(1))
            .append("tags", new BsonDocument())
            .append("secondaryDelaySecs", new BsonInt64(0))
            .append("votes", new BsonInt32(1));
    BsonDocument settings =
        new BsonDocument("chainingAllowed", BsonBoolean.TRUE)
            .append("heartbeatIntervalMillis", new BsonInt32(2000))
            .append("heartbeatTimeoutSecs", new BsonInt32(10))
            .append("electionTimeoutMillis", new BsonInt32(10000))
            .append("catchUpTimeoutMillis", new BsonInt32(-1))
            .append("catchUpTakeoverDelayMillis", new BsonInt32(30000))
            .append("getLastErrorModes", new BsonDocument())
            .append(
                "getLastErrorDefaults",
                new BsonDocument("w", new BsonInt32(1)).append("wtimeout", new BsonInt32(0)))
            .append("replicaSetId", new BsonObjectId(member.replicaSetId()));
    BsonDocument config =
        new BsonDocument("_id", new BsonString(member.name()))
            .append("version", new BsonInt32(ReplicaSetMember.CONFIG_VERSION))
            .append("term", new BsonInt64(ReplicaSetMember.TERM))
            .append("members", new BsonArray(List.of(self)))
            .append("protocolVersion", new BsonInt64(1))
            .append("writeConcernMajorityJournalDefault", BsonBoolean.TRUE)
            .append("settings", settings);
    return new BsonDocument("config", config);
  }
}
