package dev.mongolake.delta.rows.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mongolake.delta.ColumnMapping;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Delta {@code stats} of one data file being written: {@code numRecords}, and for every scalar
 * column reached through structs its {@code nullCount} and, where the type has an order Delta
 * readers skip by, {@code minValues} and {@code maxValues}, all keyed by physical names. Timestamp
 * bounds are written to the millisecond, the minimum rounded down and the maximum up, so that they
 * still bound the microsecond values; a floating column that holds NaN gets no bounds.
 */
public final class FileStatistics {
  private static final DateTimeFormatter INSTANT_MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter LOCAL_MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One scalar column's running statistics. */
  private static final class Column {
    final boolean bounded;
    Comparable<Object> min;
    Comparable<Object> max;
    long nulls;
    boolean unbounded;

    Column(boolean bounded) {
      this.bounded = bounded;
    }
  }

  private final Map<List<String>, Column> columns = new LinkedHashMap<>();
  private long records;

  public FileStatistics(StructType schema, ColumnMapping mapping, List<String> partitionColumns) {
    for (StructField field : schema.fields()) {
      if (!partitionColumns.contains(field.name())) {
        register(field, List.of(mapping.physicalName(field)), mapping);
      }
    }
  }

  private void register(StructField field, List<String> key, ColumnMapping mapping) {
    if (field.type() instanceof StructType struct) {
      for (StructField nested : struct.fields()) {
        register(nested, append(key, mapping.physicalName(nested)), mapping);
      }
    } else {
      columns.put(key, new Column(bounded(field.type())));
    }
  }

  private static boolean bounded(DataType type) {
    return type instanceof DecimalType
        || (type instanceof PrimitiveType p
            && !p.name().equals("boolean")
            && !p.name().equals("binary"));
  }

  void countRecord() {
    records++;
  }

  /** A null at {@code key}: counted for the column, or for every column under a null struct. */
  void nulls(DataType type, List<String> key, ColumnMapping mapping) {
    if (type instanceof StructType struct) {
      for (StructField nested : struct.fields()) {
        nulls(nested.type(), append(key, mapping.physicalName(nested)), mapping);
      }
    } else {
      columns.get(key).nulls++;
    }
  }

  @SuppressWarnings("unchecked")
  void value(List<String> key, Object value) {
    Column column = columns.get(key);
    if (!column.bounded || column.unbounded) {
      return;
    }
    if ((value instanceof Double d && !Double.isFinite(d))
        || (value instanceof Float f && !Float.isFinite(f))) {
      // NaN is outside the order the bounds describe, and JSON has no infinities.
      column.unbounded = true;
      return;
    }
    Comparable<Object> comparable = (Comparable<Object>) value;
    if (column.min == null || comparable.compareTo(column.min) < 0) {
      column.min = comparable;
    }
    if (column.max == null || comparable.compareTo(column.max) > 0) {
      column.max = comparable;
    }
  }

  /** The statistics as the {@code add} action's JSON string. */
  public String toJson() {
    ObjectNode root = JSON.createObjectNode();
    root.put("numRecords", records);
    ObjectNode mins = root.putObject("minValues");
    ObjectNode maxes = root.putObject("maxValues");
    ObjectNode nulls = root.putObject("nullCount");
    for (Map.Entry<List<String>, Column> entry : columns.entrySet()) {
      Column column = entry.getValue();
      List<String> key = entry.getKey();
      node(nulls, key).put(key.getLast(), column.nulls);
      if (column.bounded && !column.unbounded && column.min != null) {
        node(mins, key).set(key.getLast(), bound(column.min, false));
        node(maxes, key).set(key.getLast(), bound(column.max, true));
      }
    }
    return root.toString();
  }

  private static com.fasterxml.jackson.databind.JsonNode bound(Object value, boolean max) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    return switch (value) {
      case Byte b -> f.numberNode(b);
      case Short s -> f.numberNode(s);
      case Integer i -> f.numberNode(i);
      case Long l -> f.numberNode(l);
      case Float x -> f.numberNode(x);
      case Double x -> f.numberNode(x);
      case BigDecimal d -> f.numberNode(d);
      case String s -> f.textNode(s);
      case LocalDate d -> f.textNode(d.toString());
      case Instant i -> f.textNode(INSTANT_MILLIS.format(millis(i, max)));
      case LocalDateTime t ->
          f.textNode(
              LOCAL_MILLIS.format(
                  millis(t.toInstant(ZoneOffset.UTC), max)
                      .atOffset(ZoneOffset.UTC)
                      .toLocalDateTime()));
      default -> throw new IllegalStateException("no bound for " + value.getClass());
    };
  }

  /** To the millisecond: down for a minimum, up for a maximum. */
  private static Instant millis(Instant value, boolean up) {
    Instant down = value.truncatedTo(ChronoUnit.MILLIS);
    return up && down.isBefore(value) ? down.plusMillis(1) : down;
  }

  private static ObjectNode node(ObjectNode root, List<String> key) {
    ObjectNode node = root;
    for (String segment : key.subList(0, key.size() - 1)) {
      ObjectNode child = (ObjectNode) node.get(segment);
      node = child == null ? node.putObject(segment) : child;
    }
    return node;
  }

  private static List<String> append(List<String> key, String name) {
    List<String> longer = new ArrayList<>(key);
    longer.add(name);
    return List.copyOf(longer);
  }
}
