package dev.mongolake.delta.rows.internal;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;

/**
 * Partition values as PROTOCOL.md "Partition Value Serialization" writes them, parsed to the
 * column's current type (a partition column widened after a file was written keeps the file's
 * narrower text, which parses the same way).
 */
public final class PartitionValues {
  /** {@code 1970-01-01 00:00:00} with up to nine fraction digits. */
  private static final DateTimeFormatter SPACED =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-MM-dd HH:mm:ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .toFormatter();

  private PartitionValues() {}

  /**
   * The value of a serialized partition value, or null for a missing, null or (string columns)
   * empty one, which Spark writes for a null.
   *
   * @throws DeltaException naming the column when the text does not parse as its type
   */
  public static Object parse(String column, String value, DataType type) {
    if (value == null) {
      return null;
    }
    try {
      if (type instanceof DecimalType decimal) {
        return new BigDecimal(value).setScale(decimal.scale(), RoundingMode.UNNECESSARY);
      }
      if (!(type instanceof PrimitiveType primitive)) {
        throw new DeltaException(
            "Cannot read partition column "
                + column
                + ": type "
                + type
                + " is not a partition type");
      }
      return switch (primitive.name()) {
        case "string" -> value.isEmpty() ? null : value;
        case "byte" -> Byte.parseByte(value);
        case "short" -> Short.parseShort(value);
        case "integer" -> Integer.parseInt(value);
        case "long" -> Long.parseLong(value);
        case "float" -> Float.parseFloat(value);
        case "double" -> Double.parseDouble(value);
        case "boolean" -> parseBoolean(value);
        case "binary" -> value.getBytes(StandardCharsets.UTF_8);
        case "date" -> LocalDate.parse(value);
        case "timestamp" -> instant(value);
        case "timestamp_ntz" -> local(value);
        default ->
            throw new DeltaException(
                "Cannot read partition column "
                    + column
                    + ": type "
                    + primitive.name()
                    + " is not supported");
      };
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      throw new DeltaException(
          "Cannot read partition column "
              + column
              + ": value '"
              + value
              + "' is not a "
              + type
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
  }

  /** {@code 2024-01-31 12:34:56.123456}: how Spark writes timestamp partition values. */
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

  /**
   * A partition value serialized for an {@code add} action (null for null).
   *
   * @throws DeltaException naming the column when the value is not of its type, or the type is
   *     {@code binary}, whose partition values are not written
   */
  public static String serialize(String column, Object value, DataType type) {
    if (value == null) {
      return null;
    }
    Object expected = value;
    String text;
    try {
      if (value instanceof BigDecimal d && type instanceof DecimalType decimal) {
        expected = d.setScale(decimal.scale(), RoundingMode.UNNECESSARY);
      }
      text =
          switch (expected) {
            case BigDecimal d -> d.toPlainString();
            case Instant i -> MICROS.format(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
            case LocalDateTime t -> MICROS.format(t);
            case byte[] bytes -> null;
            default -> expected.toString();
          };
    } catch (ArithmeticException e) {
      text = null;
    }
    // The text must read back as the same value: this also checks the value's type.
    Object back = null;
    if (text != null) {
      try {
        back = parse(column, text, type);
      } catch (DeltaException e) {
        back = null;
      }
    }
    if (back == null || !back.equals(expected)) {
      throw new DeltaException(
          "Cannot write partition column "
              + column
              + ": "
              + value.getClass().getSimpleName()
              + " value "
              + (value instanceof byte[] ? "(bytes)" : value)
              + " is not written as a "
              + type
              + " partition value");
    }
    return text;
  }

  private static Boolean parseBoolean(String value) {
    return switch (value.toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new NumberFormatException("not true or false");
    };
  }

  private static Instant instant(String value) {
    return value.contains("T")
        ? Instant.parse(value)
        : LocalDateTime.parse(value, SPACED).toInstant(ZoneOffset.UTC);
  }

  private static LocalDateTime local(String value) {
    if (value.contains("T")) {
      return value.endsWith("Z")
          ? LocalDateTime.ofInstant(Instant.parse(value), ZoneOffset.UTC)
          : LocalDateTime.parse(value);
    }
    return value.length() == 10
        ? LocalDate.parse(value).atStartOfDay() // a date column widened to timestamp_ntz
        : LocalDateTime.parse(value, SPACED);
  }
}
