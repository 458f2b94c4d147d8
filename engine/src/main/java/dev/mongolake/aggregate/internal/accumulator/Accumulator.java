package dev.mongolake.aggregate.internal.accumulator;

import org.bson.BsonValue;

/**
 * The running state of one accumulator ({@code $sum}, {@code $push}, ...) over one group, bucket or
 * window. The same classes serve {@code $group}, {@code $bucket}, {@code $bucketAuto}, {@code
 * $setWindowFields} and the array forms of the expressions ({@code {$sum: [..]}}). Not thread-safe:
 * one instance per group.
 */
public interface Accumulator {

  /** Adds one input value; {@code null} is a missing value (each accumulator says what it does). */
  void accumulate(BsonValue value);

  /** The result over the values accumulated so far (the accumulator may go on accumulating). */
  BsonValue result();

  /**
   * Adds the state of {@code other}, an accumulator of the same kind that saw other inputs (partial
   * aggregation across files or threads). The inputs of {@code this} come first.
   */
  void merge(Accumulator other);

  /**
   * The approximate heap bytes this state holds, for the memory limit of the stage that holds it
   * ({@code $group}'s 100 MiB). Cheap: called after each value. The default suits a state of a few
   * numbers; accumulators that collect values count them.
   */
  default long approximateBytes() {
    return AccumulatorMemory.FIXED_BYTES;
  }

  /** Whether {@link #remove} works: what a sliding window needs. */
  default boolean removable() {
    return false;
  }

  /**
   * Takes back a value accumulated earlier (the oldest still in, for a window sliding forward).
   *
   * @throws UnsupportedOperationException when {@link #removable()} is false
   */
  default void remove(BsonValue value) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot remove values");
  }
}
