package dev.mongolake.delta.log.schema;

/**
 * An array of one element type.
 *
 * @param elementType the type of the elements
 * @param containsNull whether an element may be null
 */
public record ArrayType(DataType elementType, boolean containsNull) implements DataType {}
