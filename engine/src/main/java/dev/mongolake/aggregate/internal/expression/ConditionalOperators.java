package dev.mongolake.aggregate.internal.expression;

/** TODO-FAMILY */
final class ConditionalOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {}
}
