package dev.mongolake.internal.engine;

import dev.mongolake.delta.order.Collation;
import dev.mongolake.internal.read.QueryErrors;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A collection's default collation, the {@code collation} of its {@code create} options: what every
 * operation on it that names no collation of its own compares strings by, and what its indexes (the
 * {@code _id} index included) take unless theirs say otherwise. Stored resolved, as MongoDB stores
 * and reports it; a simple collation is not stored at all, as in MongoDB.
 */
final class DefaultCollation {
  static final String OPTION = "collation";

  private DefaultCollation() {}

  /**
   * {@code options} with their {@code collation} resolved ({@link Collation#toDocument()}), or left
   * out when it is simple.
   *
   * @throws dev.mongolake.MongoLakeException with MongoDB's code for a collation it refuses
   */
  static BsonDocument resolve(BsonDocument options) {
    BsonValue specification = options.get(OPTION);
    if (specification == null) {
      return options;
    }
    BsonDocument resolved = options.clone();
    resolved.remove(OPTION);
    Collation collation = QueryErrors.parseCollation(specification);
    if (!collation.isSimple()) {
      resolved.put(OPTION, collation.toDocument());
    }
    return resolved;
  }

  /** The collation stored {@code options} give (simple when they have none). */
  static Collation of(BsonDocument options) {
    BsonValue stored = options.get(OPTION);
    return stored == null ? Collation.SIMPLE : QueryErrors.parseCollation(stored);
  }
}
