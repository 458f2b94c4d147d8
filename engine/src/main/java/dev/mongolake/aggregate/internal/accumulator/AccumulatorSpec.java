package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.Expression;
import java.util.function.Supplier;

/**
 * A parsed accumulator: what it reads from each document, and fresh state for each group.
 *
 * @param name the operator ({@code $sum})
 * @param input the expression evaluated per document, whose value {@link Accumulator#accumulate}
 *     receives
 * @param factory makes the state of one group
 */
public record AccumulatorSpec(String name, Expression input, Supplier<Accumulator> factory) {}
