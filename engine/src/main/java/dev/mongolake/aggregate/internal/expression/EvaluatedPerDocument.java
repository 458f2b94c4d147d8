package dev.mongolake.aggregate.internal.expression;

/**
 * Marks an expression MongoDB's optimizer does not evaluate at parse time even when all its
 * arguments are constant ({@code $map}, {@code $filter}, {@code $reduce}, {@code $zip}, {@code
 * $sortArray}, the n-element operators): its errors surface only when a document reaches it, so
 * over an empty collection such a pipeline returns nothing rather than failing.
 */
public interface EvaluatedPerDocument extends Expression {}
