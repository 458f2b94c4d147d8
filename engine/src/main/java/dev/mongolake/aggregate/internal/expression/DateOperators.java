package dev.mongolake.aggregate.internal.expression;

/** TODO-FAMILY */
final class DateOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {}
}
