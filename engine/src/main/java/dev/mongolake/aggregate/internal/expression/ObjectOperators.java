package dev.mongolake.aggregate.internal.expression;

/** TODO-FAMILY */
final class ObjectOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {}
}
