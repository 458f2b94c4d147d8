package dev.mongolake.delta.log.schema;

/**
 * A primitive Delta type named as in the schema JSON: {@code string}, {@code long}, {@code
 * integer}, {@code short}, {@code byte}, {@code float}, {@code double}, {@code boolean}, {@code
 * binary}, {@code date}, {@code timestamp}, {@code timestamp_ntz}, or another name this library
 * does not interpret (kept verbatim so that a schema round-trips).
 *
 * @param name the type name as written in the schema JSON
 */
public record PrimitiveType(String name) implements DataType {
  public static final PrimitiveType STRING = new PrimitiveType("string");
  public static final PrimitiveType LONG = new PrimitiveType("long");
  public static final PrimitiveType INTEGER = new PrimitiveType("integer");
  public static final PrimitiveType SHORT = new PrimitiveType("short");
  public static final PrimitiveType BYTE = new PrimitiveType("byte");
  public static final PrimitiveType FLOAT = new PrimitiveType("float");
  public static final PrimitiveType DOUBLE = new PrimitiveType("double");
  public static final PrimitiveType BOOLEAN = new PrimitiveType("boolean");
  public static final PrimitiveType BINARY = new PrimitiveType("binary");
  public static final PrimitiveType DATE = new PrimitiveType("date");
  public static final PrimitiveType TIMESTAMP = new PrimitiveType("timestamp");
  public static final PrimitiveType TIMESTAMP_NTZ = new PrimitiveType("timestamp_ntz");

  public PrimitiveType {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("Cannot create a primitive type: the name is empty");
    }
  }
}
