package dev.mongolake.delta.rows.internal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.ColumnMapping;
import dev.mongolake.delta.TypeWidening;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.query.ColumnStats;
import dev.mongolake.delta.query.FileStats;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * An {@code add} action's statistics (keyed by physical names) as {@link FileStats} keyed by the
 * dotted logical paths of the scalar columns reached through structs, with bounds in the BSON shape
 * of {@link dev.mongolake.delta.rows.TableRow#toDocument()} and the column's current type.
 *
 * <p>Statistics of a file written before a column was widened hold the narrower type; each bound is
 * read so that it still bounds the widened values: integers and dates convert exactly, and a {@code
 * float} bound (the shortest text of a float) is widened to the double that float is, the value a
 * reader sees. Anything missing or unreadable is left out, and so never prunes.
 */
public final class LogicalStats {
  // Decimal bounds need their exact digits, which a double loses.
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private LogicalStats() {}

  /** The statistics, or empty when the action has none (or they do not parse). */
  public static Optional<FileStats> of(String stats, StructType schema, ColumnMapping mapping) {
    if (stats == null) {
      return Optional.empty();
    }
    JsonNode root;
    try {
      root = JSON.readTree(stats);
    } catch (IOException e) {
      return Optional.empty();
    }
    JsonNode numRecords = root.get("numRecords");
    if (numRecords == null || !numRecords.canConvertToLong() || numRecords.asLong() < 0) {
      return Optional.empty();
    }
    Map<String, ColumnStats> columns = new HashMap<>();
    collect(root, schema, mapping, "", new ArrayList<>(), columns);
    return Optional.of(new FileStats(numRecords.asLong(), columns));
  }

  private static void collect(
      JsonNode root,
      StructType struct,
      ColumnMapping mapping,
      String prefix,
      List<String> physicalPrefix,
      Map<String, ColumnStats> columns) {
    for (StructField field : struct.fields()) {
      String path = prefix.isEmpty() ? field.name() : prefix + "." + field.name();
      List<String> physical = new ArrayList<>(physicalPrefix);
      physical.add(mapping.physicalName(field));
      if (field.type() instanceof StructType nested) {
        collect(root, nested, mapping, path, physical, columns);
        continue;
      }
      if (!(field.type() instanceof PrimitiveType) && !(field.type() instanceof DecimalType)) {
        continue; // arrays and maps have no bounds
      }
      boolean fromFloat = widenedFromFloat(field);
      BsonValue min = bound(node(root.path("minValues"), physical), field.type(), fromFloat, true);
      BsonValue max = bound(node(root.path("maxValues"), physical), field.type(), fromFloat, false);
      JsonNode count = node(root.path("nullCount"), physical);
      Long nullCount =
          count != null && count.canConvertToLong() && count.asLong() >= 0 ? count.asLong() : null;
      columns.put(
          path,
          min == null || max == null
              ? ColumnStats.ofTypedColumn(null, null, nullCount)
              : ColumnStats.ofTypedColumn(min, max, nullCount));
    }
  }

  private static boolean widenedFromFloat(StructField field) {
    return field.metadata().get(TypeWidening.TYPE_CHANGES_KEY) instanceof List<?> changes
        && changes.stream()
            .anyMatch(c -> c instanceof Map<?, ?> m && "float".equals(m.get("fromType")));
  }

  private static BsonValue bound(JsonNode value, DataType type, boolean fromFloat, boolean min) {
    if (value == null || value.isNull()) {
      return null;
    }
    try {
      if (type instanceof DecimalType decimal) {
        // Decimal128 holds 34 digits: wider decimals are rounded in rows, so they get no bounds.
        return value.isNumber() && decimal.precision() <= 34
            ? BsonValues.decimal(new BigDecimal(value.asText()))
            : null;
      }
      return switch (((PrimitiveType) type).name()) {
        case "byte", "short", "integer" -> value.isInt() ? new BsonInt32(value.asInt()) : null;
        case "long" -> value.canConvertToLong() ? new BsonInt64(value.asLong()) : null;
        case "float" -> value.isNumber() ? new BsonDouble(Float.parseFloat(value.asText())) : null;
        case "double" -> value.isNumber() ? doubleBound(value.asText(), fromFloat, min) : null;
        case "string" -> value.isTextual() ? new BsonString(value.asText()) : null;
        case "date" ->
            value.isTextual()
                ? new BsonDateTime(LocalDate.parse(value.asText()).toEpochDay() * 86_400_000L)
                : null;
        case "timestamp" -> value.isTextual() ? new BsonDateTime(instantMillis(value)) : null;
        case "timestamp_ntz" -> value.isTextual() ? new BsonDateTime(localMillis(value)) : null;
        default -> null;
      };
    } catch (RuntimeException unreadable) {
      return null;
    }
  }

  /**
   * A double bound; when the column was widened from float the text may be a float's, whose value
   * is the float's double, so the looser of both readings bounds either kind of file.
   */
  private static BsonDouble doubleBound(String text, boolean fromFloat, boolean min) {
    double asDouble = Double.parseDouble(text);
    if (!fromFloat) {
      return new BsonDouble(asDouble);
    }
    double asFloat = Float.parseFloat(text);
    return new BsonDouble(min ? Math.min(asDouble, asFloat) : Math.max(asDouble, asFloat));
  }

  private static long instantMillis(JsonNode value) {
    try {
      return Instant.parse(value.asText()).toEpochMilli();
    } catch (java.time.format.DateTimeParseException withoutOffset) {
      return localMillis(value); // no zone: UTC
    }
  }

  private static long localMillis(JsonNode value) {
    String text = value.asText();
    LocalDateTime local =
        text.length() == 10
            ? LocalDate.parse(text).atStartOfDay() // a date column widened to timestamp_ntz
            : text.endsWith("Z")
                ? LocalDateTime.ofInstant(Instant.parse(text), ZoneOffset.UTC)
                : LocalDateTime.parse(text);
    return local.toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  private static JsonNode node(JsonNode root, List<String> path) {
    JsonNode node = root;
    for (String segment : path) {
      node = node.get(segment);
      if (node == null) {
        return null;
      }
    }
    return node;
  }
}
