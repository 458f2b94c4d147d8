package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;

/**
 * How many arguments an operator takes, with MongoDB's errors: 16020 for a fixed count, 16021 for a
 * range.
 *
 * @param min the fewest arguments
 * @param max the most ({@link Integer#MAX_VALUE} for no limit)
 */
public record Arity(int min, int max) {

  /** Exactly {@code count} arguments. */
  public static Arity exactly(int count) {
    return new Arity(count, count);
  }

  /** Between {@code min} and {@code max} arguments. */
  public static Arity between(int min, int max) {
    return new Arity(min, max);
  }

  /** Any number of arguments, including none. */
  public static Arity any() {
    return new Arity(0, Integer.MAX_VALUE);
  }

  /** At least {@code min} arguments. */
  public static Arity atLeast(int min) {
    return new Arity(min, Integer.MAX_VALUE);
  }

  /** Throws MongoDB's arity error unless {@code count} arguments are allowed. */
  public void check(String operator, int count) {
    if (count >= min && count <= max) {
      return;
    }
    if (min == max) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16020,
          "Expression "
              + operator
              + " takes exactly "
              + min
              + " arguments. "
              + count
              + " were passed in.");
    }
    if (max == Integer.MAX_VALUE) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16020,
          "Expression "
              + operator
              + " takes at least "
              + min
              + " arguments, but "
              + count
              + " were passed in.");
    }
    throw new MongoLakeException(
        ErrorCode.LOCATION_16021,
        "Expression "
            + operator
            + " takes at least "
            + min
            + " arguments, and at most "
            + max
            + ". "
            + count
            + " were passed in.");
  }
}
