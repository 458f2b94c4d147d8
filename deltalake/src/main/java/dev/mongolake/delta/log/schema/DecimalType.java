package dev.mongolake.delta.log.schema;

/**
 * {@code decimal(precision, scale)}.
 *
 * @param precision total number of digits, 1 to 38
 * @param scale digits right of the point, 0 to precision
 */
public record DecimalType(int precision, int scale) implements DataType {
  public DecimalType {
    if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
      throw new IllegalArgumentException(
          "Cannot create decimal(" + precision + ", " + scale + "): out of range");
    }
  }
}
