package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.query.ColumnStats;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The partition columns of a document table: top-level document fields of a declared scalar type
 * whose values split the table's files, Delta's {@code partitionColumns}. Each data file holds the
 * documents of one combination of values, recorded in its {@code add} action's {@code
 * partitionValues} (serialized as PROTOCOL.md's "Partition Value Serialization" says) and in its
 * Hive-style folder ({@code region=eu/part-<uuid>.zstd.parquet}); the columns are not in the
 * Parquet files, Delta readers take them from the log, and the {@code doc} column keeps the exact
 * document.
 *
 * <p>A document whose field is missing, null, an empty string (which Delta readers take as null) or
 * of another type than declared (an array, an object, {@code 5} in a string column) has a null
 * partition value. A file with a null partition value may so hold any value of that field: the
 * statistics {@link #stats} gives leave it out, so it is never pruned by that column.
 *
 * <p>Config form: {@code {region: "string", year: "int"}}, as {@link DocumentSchema} reads it, with
 * at most {@value #MAX_COLUMNS} columns of type string, int, long, bool or timestamp ({@code
 * date}). Immutable and thread-safe.
 *
 * @param columns the partition columns, in partition order
 */
public record PartitionColumns(List<PromotedColumn> columns) {

  /** The most partition columns a table may have. */
  public static final int MAX_COLUMNS = 4;

  /** Hive's folder name of a null partition value. */
  static final String NULL_FOLDER_VALUE = "__HIVE_DEFAULT_PARTITION__";

  /** Partition folder names longer than this many bytes are not used: the file goes to the root. */
  static final int MAX_FOLDER_BYTES = 160;

  private static final Set<ColumnType> TYPES =
      EnumSet.of(
          ColumnType.STRING,
          ColumnType.INT,
          ColumnType.LONG,
          ColumnType.BOOL,
          ColumnType.TIMESTAMP);

  /**
   * {@code 2024-01-31T12:34:56.789000Z}: the ISO 8601 form adjusted to UTC that PROTOCOL.md allows
   * for a timestamp partition value, so that no reader applies a time zone of its own.
   */
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'");

  private static final DateTimeFormatter SPACED =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-MM-dd HH:mm:ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .toFormatter();

  /**
   * @throws IllegalArgumentException naming the column if it is nested, a list, of a type that is
   *     not a partition type, named twice, or if there are more than {@value #MAX_COLUMNS}
   */
  public PartitionColumns {
    columns = List.copyOf(columns);
    if (columns.size() > MAX_COLUMNS) {
      throw new IllegalArgumentException(
          "Cannot partition a document table by "
              + columns.size()
              + " columns: at most "
              + MAX_COLUMNS
              + " are allowed");
    }
    Set<String> names = new HashSet<>();
    for (PromotedColumn column : columns) {
      String refusal = null;
      if (column.path().contains(".")) {
        refusal = "a partition column must be a top-level field";
      } else if (column.list() || !TYPES.contains(column.type())) {
        refusal =
            "its type "
                + (column.list()
                    ? "[" + column.type().configName() + "]"
                    : column.type().configName())
                + " is not a partition type (string, int, long, bool or timestamp)";
      } else if (!names.add(column.path())) {
        refusal = "it is named twice";
      }
      if (refusal != null) {
        throw new IllegalArgumentException(
            "Cannot partition by column '" + column.path() + "': " + refusal);
      }
    }
  }

  /** No partition columns: an unpartitioned table. */
  public static PartitionColumns none() {
    return new PartitionColumns(List.of());
  }

  /**
   * Parses the config form {@code {region: "string"}}.
   *
   * @throws IllegalArgumentException naming the offending column if the config is malformed
   */
  public static PartitionColumns parse(BsonDocument config) {
    return new PartitionColumns(DocumentSchema.parse(config).columns());
  }

  /** The config form, which {@link #parse} reads back to equal columns. */
  public BsonDocument toConfig() {
    return new DocumentSchema(columns).toConfig();
  }

  /** Whether the table is unpartitioned. */
  public boolean isEmpty() {
    return columns.isEmpty();
  }

  /** The columns' names, in partition order (Delta's {@code metaData.partitionColumns}). */
  public List<String> names() {
    return columns.stream().map(PromotedColumn::path).toList();
  }

  /** Whether {@code column} is a partition column or lies below one. */
  public boolean overlaps(PromotedColumn column) {
    return names().contains(column.segments().getFirst());
  }

  /**
   * The serialized partition values of {@code document}, keyed by column in partition order; a
   * value is null when the field is missing, null, an empty string or not of the column's type.
   */
  public Map<String, String> valuesOf(BsonDocument document) {
    Map<String, String> values = new LinkedHashMap<>();
    for (PromotedColumn column : columns) {
      values.put(column.path(), serialize(column.type(), document.get(column.path())));
    }
    return values;
  }

  private static String serialize(ColumnType type, BsonValue value) {
    if (value == null || !type.fits(value)) {
      return null;
    }
    return switch (type) {
      case STRING -> value.asString().getValue().isEmpty() ? null : value.asString().getValue();
      case INT -> Integer.toString(value.asInt32().getValue());
      case LONG -> Long.toString(value.asNumber().longValue());
      case BOOL -> Boolean.toString(value.asBoolean().getValue());
      case TIMESTAMP ->
          MICROS.format(
              LocalDateTime.ofInstant(
                  Instant.ofEpochMilli(value.asDateTime().getValue()), ZoneOffset.UTC));
      case DOUBLE -> throw new IllegalStateException("double is not a partition type");
    };
  }

  /**
   * The storage folder, relative to the table, of files with {@code values}: Hive-style {@code
   * column=value} segments, escaped as Hive escapes path names, a null value as {@value
   * #NULL_FOLDER_VALUE}; empty (the table's root) when unpartitioned or when a segment would be
   * longer than a file name should be. Delta readers take the values from the log, never the path.
   */
  public String folder(Map<String, String> values) {
    List<String> segments = new ArrayList<>();
    for (PromotedColumn column : columns) {
      String value = values.get(column.path());
      String segment =
          escape(column.path()) + "=" + (value == null ? NULL_FOLDER_VALUE : escape(value));
      if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_FOLDER_BYTES) {
        return "";
      }
      segments.add(segment);
    }
    return String.join("/", segments);
  }

  /**
   * Hive's path-name escaping (as Spark writes partition folders): control characters, DEL, the
   * slash and backslash, and the characters of {@code "#%'*:=?{[]^} become {@code %XX}.
   */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7F || "\"#%'*/:=?\\{[]^".indexOf(c) >= 0) {
        out.append('%').append(String.format("%02X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * The statistics a file's partition values give its partition columns, in the typed-column shape:
   * for a non-null value, every document of the file holds exactly that value (bounds equal to it,
   * no nulls). A null or unreadable value gives nothing, so it never prunes.
   */
  Map<String, ColumnStats> stats(Map<String, String> partitionValues) {
    Map<String, ColumnStats> stats = new LinkedHashMap<>();
    for (PromotedColumn column : columns) {
      BsonValue value = parse(column.type(), partitionValues.get(column.path()));
      if (value != null) {
        stats.put(column.path(), ColumnStats.ofTypedColumn(value, value, 0L));
      }
    }
    return stats;
  }

  private static BsonValue parse(ColumnType type, String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    try {
      return switch (type) {
        case STRING -> new BsonString(text);
        case INT -> new BsonInt32(Integer.parseInt(text));
        case LONG -> new BsonInt64(Long.parseLong(text));
        case BOOL ->
            text.equals("true")
                ? BsonBoolean.TRUE
                : text.equals("false") ? BsonBoolean.FALSE : null;
        case TIMESTAMP -> {
          Instant instant =
              text.contains("T")
                  ? Instant.parse(text)
                  : LocalDateTime.parse(text, SPACED).toInstant(ZoneOffset.UTC);
          // A value below a millisecond is not a BSON date this table wrote.
          yield instant.getNano() % 1_000_000 == 0
              ? new BsonDateTime(instant.toEpochMilli())
              : null;
        }
        case DOUBLE -> null;
      };
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException unreadable) {
      return null;
    }
  }
}
