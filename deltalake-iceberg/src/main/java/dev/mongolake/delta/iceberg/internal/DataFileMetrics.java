package dev.mongolake.delta.iceberg.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.iceberg.IcebergMetadataException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Iceberg column metrics from a Delta {@code add} action's statistics ({@code numRecords}, {@code
 * minValues}, {@code maxValues}, {@code nullCount}), keyed by the Iceberg field ids of the columns
 * they name. Only primitive columns reached through structs get metrics (the variant document, and
 * lists and maps, have none in Delta either); a bound that is missing, null or unreadable is left
 * out, which Iceberg reads as "unknown" and never prunes on.
 */
final class DataFileMetrics {
  private static final ObjectMapper JSON = new ObjectMapper();

  private DataFileMetrics() {}

  /**
   * @throws IcebergMetadataException if the statistics are missing or have no {@code numRecords}:
   *     Iceberg needs every data file's record count
   */
  static Metrics of(String path, String stats, Schema schema) {
    JsonNode root = parse(path, stats);
    JsonNode numRecords = root.get("numRecords");
    if (numRecords == null || !numRecords.canConvertToLong()) {
      throw new IcebergMetadataException(
          "Cannot describe data file " + path + " in Iceberg: its statistics lack numRecords");
    }
    long records = numRecords.asLong();
    Collected collected = new Collected();
    collect(
        schema.asStruct(),
        records,
        root.path("minValues"),
        root.path("maxValues"),
        root.path("nullCount"),
        collected);
    return new Metrics(
        records,
        null,
        collected.valueCounts,
        collected.nullCounts,
        null,
        collected.lower,
        collected.upper);
  }

  /** The record count of a file whose statistics may be absent (for a file being removed). */
  static long recordCountOrZero(String stats) {
    if (stats == null) {
      return 0;
    }
    try {
      JsonNode numRecords = JSON.readTree(stats).get("numRecords");
      return numRecords != null && numRecords.canConvertToLong() ? numRecords.asLong() : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private static JsonNode parse(String path, String stats) {
    if (stats == null) {
      throw new IcebergMetadataException(
          "Cannot describe data file " + path + " in Iceberg: its add action has no statistics");
    }
    try {
      return JSON.readTree(stats);
    } catch (IOException e) {
      throw new IcebergMetadataException(
          "Cannot describe data file " + path + " in Iceberg: unreadable statistics", e);
    }
  }

  private static void collect(
      Types.StructType struct,
      long records,
      JsonNode min,
      JsonNode max,
      JsonNode nulls,
      Collected into) {
    for (Types.NestedField field : struct.fields()) {
      Type type = field.type();
      if (type.isStructType()) {
        collect(
            type.asStructType(),
            records,
            min.path(field.name()),
            max.path(field.name()),
            nulls.path(field.name()),
            into);
        continue;
      }
      if (!type.isPrimitiveType()) {
        continue;
      }
      int id = field.fieldId();
      into.valueCounts.put(id, records);
      JsonNode nullCount = nulls.get(field.name());
      if (nullCount != null && nullCount.canConvertToLong()) {
        into.nullCounts.put(id, nullCount.asLong());
      }
      ByteBuffer lower = bound(type, min.get(field.name()), false);
      ByteBuffer upper = bound(type, max.get(field.name()), true);
      if (lower != null && upper != null) {
        into.lower.put(id, lower);
        into.upper.put(id, upper);
      }
    }
  }

  private static ByteBuffer bound(Type type, JsonNode value, boolean upper) {
    if (value == null || value.isNull() || value.isContainerNode()) {
      return null;
    }
    Object converted;
    try {
      converted = value(type, value, upper);
    } catch (RuntimeException unreadable) {
      return null;
    }
    return converted == null ? null : Conversions.toByteBuffer(type, converted);
  }

  private static Object value(Type type, JsonNode value, boolean upper) {
    return switch (type.typeId()) {
      case INTEGER -> value.canConvertToInt() ? value.asInt() : null;
      case LONG -> value.canConvertToLong() ? value.asLong() : null;
      case FLOAT -> finite(value) ? (float) value.asDouble() : null;
      case DOUBLE -> finite(value) ? value.asDouble() : null;
      case BOOLEAN -> value.isBoolean() ? value.asBoolean() : null;
      case STRING -> value.isTextual() ? value.asText() : null;
      case DATE -> value.isTextual() ? (int) LocalDate.parse(value.asText()).toEpochDay() : null;
      case TIMESTAMP -> value.isTextual() ? micros(type, value.asText(), upper) : null;
      case DECIMAL ->
          value.isNumber()
              ? value
                  .decimalValue()
                  .setScale(((Types.DecimalType) type).scale(), java.math.RoundingMode.UNNECESSARY)
              : value.isTextual() ? new BigDecimal(value.asText()) : null;
      default -> null;
    };
  }

  private static boolean finite(JsonNode value) {
    return value.isNumber() && Double.isFinite(value.asDouble());
  }

  /**
   * Delta writes timestamp bounds at millisecond precision, so a maximum may be up to 999
   * microseconds below the largest value: the upper bound is widened by that much.
   */
  private static Long micros(Type type, String text, boolean upper) {
    long micros;
    try {
      Instant instant =
          ((Types.TimestampType) type).shouldAdjustToUTC()
              ? OffsetDateTime.parse(text).toInstant()
              : LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
      micros =
          Math.addExact(
              Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000L);
    } catch (DateTimeParseException | ArithmeticException e) {
      return null;
    }
    return upper ? micros + 999 : micros;
  }

  private static final class Collected {
    final Map<Integer, Long> valueCounts = new HashMap<>();
    final Map<Integer, Long> nullCounts = new HashMap<>();
    final Map<Integer, ByteBuffer> lower = new HashMap<>();
    final Map<Integer, ByteBuffer> upper = new HashMap<>();
  }
}
