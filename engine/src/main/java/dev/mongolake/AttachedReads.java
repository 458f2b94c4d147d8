package dev.mongolake;

import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.engine.Engine;
import java.util.List;
import java.util.function.Function;
import org.bson.BsonDocument;

/**
 * Finds over an attached Delta table (see {@link MongoLakeDatabase#attach}), answered as the
 * aggregation MongoDB's find-to-aggregate conversion writes ({@link ViewReads#findStages}) over the
 * table's rows as documents; counts and distinct read the same find.
 */
final class AttachedReads {

  private AttachedReads() {}

  /**
   * A find over the attached table {@code namespace}, its documents decoded with {@code decoder}.
   */
  static <T> MongoLakeCursor<T> find(
      Engine engine,
      Namespace namespace,
      List<BsonDocument> findStages,
      BsonDocument let,
      boolean allowDiskUse,
      Collation collation,
      Function<BsonDocument, T> decoder) {
    MongoLakeCursor<BsonDocument> results =
        new MongoLakeCollection<>(namespace, BsonDocument.class, engine)
            .withCollation(collation)
            .aggregate(findStages, let == null || let.isEmpty() ? null : let, allowDiskUse);
    return ViewReads.decoded(results, decoder);
  }
}
