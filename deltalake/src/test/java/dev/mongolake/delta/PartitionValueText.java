package dev.mongolake.delta;

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
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;

/**
 * A partition value, serialized as the Delta protocol's "Partition Value Serialization" section
 * says, as {@link RowText} of the column's type. A missing or null value is null.
 */
final class PartitionValueText {
  /** {@code 1970-01-01 00:00:00} with up to six fraction digits. */
  private static final DateTimeFormatter SPACED =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-MM-dd HH:mm:ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .toFormatter();

  private PartitionValueText() {}

  static String of(String value, DataType type) {
    if (value == null) {
      return RowText.NULL;
    }
    if (type instanceof DecimalType decimal) {
      return RowText.decimal(
          new BigDecimal(value).setScale(decimal.scale(), RoundingMode.UNNECESSARY));
    }
    return switch (((PrimitiveType) type).name()) {
      // Spark writes an empty string partition value as null.
      case "string" -> value.isEmpty() ? RowText.NULL : RowText.string(value);
      case "long", "integer", "short", "byte" -> RowText.integral(Long.parseLong(value));
      case "float" -> RowText.floating(Float.parseFloat(value));
      case "double" -> RowText.floating(Double.parseDouble(value));
      case "boolean" -> RowText.bool(Boolean.parseBoolean(value));
      case "binary" -> RowText.binary(value.getBytes(StandardCharsets.UTF_8));
      case "date" -> RowText.date((int) LocalDate.parse(value).toEpochDay());
      case "timestamp", "timestamp_ntz" -> RowText.timestamp(micros(value));
      default -> throw new IllegalArgumentException("Cannot render partition type " + type);
    };
  }

  private static long micros(String value) {
    Instant instant =
        value.contains("T")
            ? Instant.parse(value)
            : LocalDateTime.parse(value, SPACED).toInstant(ZoneOffset.UTC);
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
