package dev.mongolake.aggregate.internal.expression;

/**
 * A family of expression operators (arithmetic, string, date, ...), registered together. A family
 * from a package built on this one (which this package must not name) is listed in {@code
 * META-INF/services/dev.mongolake.aggregate.internal.expression.OperatorFamily}, with a public
 * no-argument constructor.
 */
public interface OperatorFamily {

  /** Adds the family's operators to {@code registry}. */
  void register(OperatorRegistry.Builder registry);
}
