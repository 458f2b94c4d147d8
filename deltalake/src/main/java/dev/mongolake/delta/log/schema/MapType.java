package dev.mongolake.delta.log.schema;

/**
 * A map from keys of one type to values of another.
 *
 * @param keyType the type of the keys
 * @param valueType the type of the values
 * @param valueContainsNull whether a value may be null
 */
public record MapType(DataType keyType, DataType valueType, boolean valueContainsNull)
    implements DataType {}
