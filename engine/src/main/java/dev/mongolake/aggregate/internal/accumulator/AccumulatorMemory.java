package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;

/**
 * The limit on the state of one accumulator that collects values ({@code $push}, {@code $addToSet},
 * the {@code N} accumulators): MongoDB's {@code internalQueryMaxPushBytes}, {@code
 * internalQueryMaxAddToSetBytes} and {@code internalQueryTopNAccumulatorBytes}, 100 MiB each. Such
 * state cannot spill, so past the limit the accumulator fails with ExceededMemoryLimit whether or
 * not the command allows disk use, as MongoDB's does.
 */
final class AccumulatorMemory {

  /** MongoDB's default for each of those parameters. */
  static final long LIMIT_BYTES = 100L * 1024 * 1024;

  /** What every accumulator reports when it does not count its state: a few fields. */
  static final long FIXED_BYTES = 32;

  private AccumulatorMemory() {}

  /**
   * Fails as MongoDB's {@code operator} does once its state holds more than the limit.
   *
   * @param operator the accumulator's name, such as {@code $push}
   * @param bytes the approximate bytes its state holds now
   */
  static void check(String operator, long bytes) {
    if (bytes > LIMIT_BYTES) {
      throw new MongoLakeException(
          ErrorCode.EXCEEDED_MEMORY_LIMIT,
          operator
              + " used too much memory and cannot spill to disk. Memory limit: "
              + LIMIT_BYTES
              + " bytes");
    }
  }
}
