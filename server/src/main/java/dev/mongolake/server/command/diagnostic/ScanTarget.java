package dev.mongolake.server.command.diagnostic;

import dev.mongolake.Namespace;
import dev.mongolake.delta.table.ScanMetrics;
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

  /**
   * Replays the read; see {@link CollectionScan#run}. Through an index, the documents examined are
   * those the index named.
   */
  CollectionScan run(BsonDocument filter, long stopAfterMatches) {
    if (!exists) {
      return new CollectionScan(0, 0, 0);
    }
    CollectionScan scan = CollectionScan.run(lake, namespace, filter, stopAfterMatches, clock);
    if (index(filter, new BsonDocument()) == null) {
      return scan;
    }
    long examined = lake.collection(namespace).documentsExamined(filter, null);
    return new CollectionScan(examined, scan.matched(), scan.millis());
  }

  /**
   * The leaf stage without a sort; see {@link #leafStage(BsonDocument, BsonDocument,
   * CollectionScan)}.
   */
  BsonDocument leafStage(BsonDocument filter, CollectionScan executed) {
    return leafStage(filter, new BsonDocument(), executed);
  }

  /**
   * The leaf stage: {@code FETCH} over {@code IXSCAN} when the planner picks an index for the
   * filter and sort, else {@code COLLSCAN}; {@code EOF} for a missing collection.
   */
  BsonDocument leafStage(BsonDocument filter, BsonDocument sort, CollectionScan executed) {
    if (!exists) {
      return new BsonDocument("stage", new BsonString("EOF"));
    }
    BsonDocument index = index(filter, sort);
    if (index != null) {
      return IndexScanStage.stage(filter, sort, index, executed);
    }
    ScanMetrics table =
        lake.collection(namespace).tableScanMetrics(filter, executed != null).orElse(null);
    return CollectionScan.stage(filter, executed, table);
  }

  private BsonDocument index(BsonDocument filter, BsonDocument sort) {
    return lake.collection(namespace).plannedIndex(filter, sort);
  }
}
