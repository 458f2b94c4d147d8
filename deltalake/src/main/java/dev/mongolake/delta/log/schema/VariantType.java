package dev.mongolake.delta.log.schema;

/** The semi-structured {@code variant} type (table feature {@code variantType}). */
public record VariantType() implements DataType {
  public static final VariantType INSTANCE = new VariantType();
}
