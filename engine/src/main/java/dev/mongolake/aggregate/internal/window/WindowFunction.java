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
   * The output of each document of {@code partition}, in order; a {@code null} entry is missing,
   * which leaves the output field out of that document (as MongoDB does for {@code $first} or
   * {@code $shift} of a missing value).
   */
  BsonValue[] compute(Partition partition);

  /** Adds the fields the function reads. */
  void addDependencies(Dependencies dependencies);

  /** The function as explain shows it. */
  BsonDocument explain();
}
