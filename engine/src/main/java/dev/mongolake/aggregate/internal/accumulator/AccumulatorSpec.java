package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.Expression;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A parsed accumulator: what it reads from each document, and fresh state for each group.
 *
 * @param name the operator ({@code $sum})
 * @param input the expression evaluated per document, whose value {@link Accumulator#accumulate}
 *     receives
 * @param factory makes the state of one group
 * @param windowFactory makes state that can also {@link Accumulator#remove} values, for a sliding
 *     window (where that needs more memory, as {@code $min}'s multiset, {@link #factory} does not
 *     pay for it); the same as {@code factory} for most accumulators
 * @param groupStart present when the state depends on the group key ({@code $topN} with an {@code
 *     n} that reads it): {@code $group} starts each group with it, and {@code factory} then fails
 *     for the stages that have no group key
 */
public record AccumulatorSpec(
    String name,
    Expression input,
    Supplier<Accumulator> factory,
    Supplier<Accumulator> windowFactory,
    Optional<GroupStart> groupStart) {

  /** An accumulator whose group state is also its window state. */
  public AccumulatorSpec(String name, Expression input, Supplier<Accumulator> factory) {
    this(name, input, factory, factory, Optional.empty());
  }

  /** An accumulator with its own window state. */
  public AccumulatorSpec(
      String name,
      Expression input,
      Supplier<Accumulator> factory,
      Supplier<Accumulator> windowFactory) {
    this(name, input, factory, windowFactory, Optional.empty());
  }
}
