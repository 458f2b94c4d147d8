package dev.mongolake;

import java.time.Instant;
import org.bson.BsonDocument;

/**
 * One index of a collection with how often the query planner read through it, as {@code
 * $indexStats} reports it.
 *
 * @param spec the index definition as {@code listIndexes} returns it
 * @param ops the queries (find, count, distinct, update, delete, findAndModify, an aggregate's
 *     leading find) that read through the index since {@code since}
 * @param since when counting started: the engine's open, or the index's creation if later
 */
public record IndexAccesses(BsonDocument spec, long ops, Instant since) {

  public IndexAccesses {
    spec = spec.clone();
  }
}
