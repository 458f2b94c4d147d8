package dev.mongolake.aggregate.internal.expression;

/** TODO-FAMILY */
final class ComparisonOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {}
}
