package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLakeCollection;
import dev.mongolake.Namespace;
import java.time.Clock;
import org.bson.BsonDocument;

/**
 * The collection an explained command reads. A collection that does not exist has nothing to scan:
 * its plan is MongoDB's {@code EOF} stage and running it examines nothing.
 */
record ScanTarget(LakeCollections lake, Namespace namespace, boolean exists, Clock clock) {

  static ScanTarget of(LakeCollections lake, Namespace namespace, Clock clock) {
    return new ScanTarget(lake, namespace, lake.exists(namespace), clock);
  }

  /** The collection, for its queries' plans. */
  MongoLakeCollection<BsonDocument> collection() {
    return lake.collection(namespace);
  }
}
