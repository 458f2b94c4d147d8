package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLakeCollection;
import dev.mongolake.Namespace;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.server.command.CollationArgument;
import java.time.Clock;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The collection an explained command reads. A collection that does not exist has nothing to scan:
 * its plan is MongoDB's {@code EOF} stage and running it examines nothing.
 *
 * @param collation the explained command's collation (its only statement's, for an update or a
 *     delete), or null for the collection's default: the plan is the one the command would run
 */
record ScanTarget(
    LakeCollections lake, Namespace namespace, boolean exists, Clock clock, Collation collation) {

  static ScanTarget of(
      LakeCollections lake, Namespace namespace, Clock clock, BsonDocument command) {
    return new ScanTarget(
        lake, namespace, lake.exists(namespace), clock, CollationArgument.of(collation(command)));
  }

  /** The collection, for its queries' plans. */
  MongoLakeCollection<BsonDocument> collection() {
    return lake.collection(namespace).withCollation(collation);
  }

  private static BsonValue collation(BsonDocument command) {
    for (String statements : new String[] {"updates", "deletes"}) {
      if (command.get(statements) instanceof BsonArray array
          && array.size() == 1
          && array.get(0) instanceof BsonDocument statement) {
        return statement.get("collation");
      }
    }
    return command.get("collation");
  }
}
