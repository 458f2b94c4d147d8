package dev.mongolake.server.command.replication;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.ReplicaSetMember;

/** The replica set a command reports on, or a standalone's refusal. */
final class ReplicaSets {

  private ReplicaSets() {}

  /**
   * @throws MongoLakeException NoReplicationEnabled on a standalone, in MongoDB's words
   */
  static ReplicaSetMember member(CommandRequest request) {
    return request
        .server()
        .replicaSet()
        .orElseThrow(
            () ->
                new MongoLakeException(
                    ErrorCode.NO_REPLICATION_ENABLED,
                    "not running with --replSet (start MongoLake with --replica-set <name>)"));
  }
}
