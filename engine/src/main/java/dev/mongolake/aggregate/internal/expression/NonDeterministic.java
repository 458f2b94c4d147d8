package dev.mongolake.aggregate.internal.expression;

/**
 * Marks an expression whose value changes between evaluations with the same inputs ({@code $rand}):
 * the parser never folds it.
 */
public interface NonDeterministic extends Expression {}
