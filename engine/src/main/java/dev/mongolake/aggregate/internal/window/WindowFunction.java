package dev.mongolake.aggregate.internal.window;

import dev.mongolake.aggregate.internal.expression.Dependencies;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A parsed window function of {@code $setWindowFields}' {@code output}: computes one value per
 * document of a partition. Immutable; each {@link #compute} call keeps its own state.
 */
public interface WindowFunction {

  /**
   * The output of each document of {@code partition}, in order; never {@code null} entries (a
   * function with nothing to answer answers BSON null, as MongoDB).
   */
  BsonValue[] compute(Partition partition);

  /** Adds the fields the function reads. */
  void addDependencies(Dependencies dependencies);

  /** The function as explain shows it. */
  BsonDocument explain();
}
