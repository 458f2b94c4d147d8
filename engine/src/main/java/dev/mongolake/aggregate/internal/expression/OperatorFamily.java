package dev.mongolake.aggregate.internal.expression;

/** A family of expression operators (arithmetic, string, date, ...), registered together. */
public interface OperatorFamily {

  /** Adds the family's operators to {@code registry}. */
  void register(OperatorRegistry.Builder registry);
}
