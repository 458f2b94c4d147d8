package dev.mongolake.aggregate.internal.expression;

/**
 * The object operators: {@code $mergeObjects}, {@code $objectToArray}, {@code $arrayToObject}
 * ({@link ObjectConversions}) and {@code $getField}, {@code $setField}, {@code $unsetField} ({@link
 * FieldAccess}).
 */
final class ObjectOperators implements OperatorFamily {

  @Override
  public void register(OperatorRegistry.Builder registry) {
    InOrderCall.register(registry, "$mergeObjects", Arity.any(), ObjectConversions::merge);
    registry.function("$objectToArray", Arity.exactly(1), ObjectConversions::objectToArray);
    registry.function("$arrayToObject", Arity.exactly(1), ObjectConversions::arrayToObject);
    FieldAccess.register(registry);
  }
}
