package dev.mongolake.aggregate.internal;

import dev.mongolake.MongoLakeException;
import java.util.function.Supplier;

/**
 * MongoDB's context on errors found while a projection-like stage parses its specification: the
 * same code, the message prefixed {@code "Invalid $project :: caused by :: "}.
 */
final class InvalidStage {

  private InvalidStage() {}

  /** Runs {@code parse}, adding {@code stage}'s context to a failure. */
  static <T> T parse(String stage, Supplier<T> parse) {
    try {
      return parse.get();
    } catch (MongoLakeException e) {
      throw new MongoLakeException(
          e.errorCode(), "Invalid " + stage + " :: caused by :: " + e.getMessage(), e);
    }
  }
}
