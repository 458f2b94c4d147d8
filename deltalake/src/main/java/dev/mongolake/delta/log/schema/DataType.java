package dev.mongolake.delta.log.schema;

/**
 * A Delta column type as the protocol's schema serialization format defines it. Values are
 * immutable and compare by value.
 */
public sealed interface DataType
    permits PrimitiveType, DecimalType, ArrayType, MapType, StructType, VariantType {}
