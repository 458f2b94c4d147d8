package dev.mongolake.server.command.diagnostic;

import dev.mongolake.Namespace;
import java.time.Clock;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * The collection an explained command reads. A collection that does not exist has nothing to scan:
 * its plan is MongoDB's {@code EOF} stage and running it examines nothing.
 */
record ScanTarget(LakeCollections lake, Namespace namespace, boolean exists, Clock clock) {

  static ScanTarget of(LakeCollections lake, Namespace namespace, Clock clock) {
    return new ScanTarget(lake, namespace, lake.exists(namespace), clock);
  }

  /** Replays the scan; see {@link CollectionScan#run}. */
  CollectionScan run(BsonDocument filter, long stopAfterMatches) {
    if (!exists) {
      return new CollectionScan(0, 0, 0);
    }
    return CollectionScan.run(lake, namespace, filter, stopAfterMatches, clock);
  }

  /** The leaf stage: {@code COLLSCAN}, or {@code EOF} for a missing collection. */
  BsonDocument leafStage(BsonDocument filter, CollectionScan executed) {
    return exists
        ? CollectionScan.stage(filter, executed)
        : new BsonDocument("stage", new BsonString("EOF"));
  }
}
