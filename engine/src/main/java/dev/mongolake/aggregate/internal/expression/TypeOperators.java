package dev.mongolake.aggregate.internal.expression;

/** TODO-FAMILY */
final class TypeOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {}
}
