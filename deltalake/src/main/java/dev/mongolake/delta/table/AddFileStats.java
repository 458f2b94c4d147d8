package dev.mongolake.delta.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.ColumnType;
import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.IdBounds;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.query.ColumnStats;
import dev.mongolake.delta.query.FileStats;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * Reads the statistics of an {@code add} action back as the {@link FileStats} the filter's pruner
 * understands: {@code _id} and the scalar promoted columns, in the typed-column shape (a document
 * left out of a column counts as null there, so bounds prune only columns without nulls). The
 * {@code _id} bounds of a {@link IdEncoding#KEY} table come from the action's tags ({@link
 * IdBounds}). Anything missing or unreadable is left out, and so never prunes.
 */
final class AddFileStats {
  /** Tag holding the smallest {@code _id} ({@link IdBounds#toJson}). */
  static final String ID_MIN_TAG = "mongolake.idMin";

  /** Tag holding the largest {@code _id}. */
  static final String ID_MAX_TAG = "mongolake.idMax";

  private static final ObjectMapper JSON = new ObjectMapper();

  private AddFileStats() {}

  /** The tags that record a file's {@code _id} bounds. */
  static Map<String, String> tags(IdBounds bounds) {
    return Map.of(
        ID_MIN_TAG, IdBounds.toJson(bounds.min()), ID_MAX_TAG, IdBounds.toJson(bounds.max()));
  }

  /** The file's statistics, or empty when the action carries none. */
  static Optional<FileStats> of(AddFile file, DocumentTableConfig config) {
    if (file.stats() == null) {
      return Optional.empty();
    }
    JsonNode stats;
    try {
      stats = JSON.readTree(file.stats());
    } catch (IOException e) {
      return Optional.empty();
    }
    JsonNode numRecords = stats.get("numRecords");
    if (numRecords == null || !numRecords.canConvertToLong()) {
      return Optional.empty();
    }
    Map<String, ColumnStats> columns = new HashMap<>();
    idStats(file, stats, config.idEncoding()).ifPresent(s -> columns.put("_id", s));
    for (PromotedColumn column : config.schema().columns()) {
      if (!column.list()) {
        columns.put(column.path(), columnStats(stats, column.segments(), column.type()));
      }
    }
    columns.putAll(config.partitionColumns().stats(file.partitionValues()));
    return Optional.of(new FileStats(numRecords.asLong(), columns));
  }

  private static Optional<ColumnStats> idStats(AddFile file, JsonNode stats, IdEncoding encoding) {
    List<String> path = List.of(DocumentFileLayout.ID_COLUMN);
    Long nullCount = nullCount(stats, path);
    if (encoding == IdEncoding.KEY) {
      Map<String, String> tags = file.tags();
      if (tags == null || !tags.containsKey(ID_MIN_TAG) || !tags.containsKey(ID_MAX_TAG)) {
        return Optional.empty();
      }
      try {
        return Optional.of(
            ColumnStats.ofTypedColumn(
                IdBounds.fromJson(tags.get(ID_MIN_TAG)),
                IdBounds.fromJson(tags.get(ID_MAX_TAG)),
                nullCount));
      } catch (RuntimeException unreadable) {
        return Optional.empty();
      }
    }
    BsonValue min = idBound(node(stats.path("minValues"), path), encoding);
    BsonValue max = idBound(node(stats.path("maxValues"), path), encoding);
    return Optional.of(
        min == null || max == null
            ? ColumnStats.ofTypedColumn(null, null, nullCount)
            : ColumnStats.ofTypedColumn(min, max, nullCount));
  }

  private static BsonValue idBound(JsonNode value, IdEncoding encoding) {
    if (value == null) {
      return null;
    }
    return switch (encoding) {
      case OBJECT_ID ->
          value.isTextual() && ObjectId.isValid(value.asText())
              ? new BsonObjectId(new ObjectId(value.asText()))
              : null;
      case STRING -> value.isTextual() ? new BsonString(value.asText()) : null;
      case INT32 -> value.isInt() ? new BsonInt32(value.asInt()) : null;
      case INT64 -> value.canConvertToLong() ? new BsonInt64(value.asLong()) : null;
      case KEY -> null;
    };
  }

  private static ColumnStats columnStats(JsonNode stats, List<String> path, ColumnType type) {
    Long nullCount = nullCount(stats, path);
    BsonValue min = bound(node(stats.path("minValues"), path), type);
    BsonValue max = bound(node(stats.path("maxValues"), path), type);
    if (min == null || max == null) {
      return ColumnStats.ofTypedColumn(null, null, nullCount);
    }
    return ColumnStats.ofTypedColumn(min, max, nullCount);
  }

  private static BsonValue bound(JsonNode value, ColumnType type) {
    if (value == null || value.isNull()) {
      return null;
    }
    try {
      return switch (type) {
        case STRING -> value.isTextual() ? new BsonString(value.asText()) : null;
        case INT -> value.isInt() ? new BsonInt32(value.asInt()) : null;
        case LONG -> value.canConvertToLong() ? new BsonInt64(value.asLong()) : null;
        case DOUBLE -> value.isNumber() ? new BsonDouble(value.asDouble()) : null;
        case TIMESTAMP ->
            value.isTextual()
                ? new BsonDateTime(Instant.parse(value.asText()).toEpochMilli())
                : null;
        case BOOL -> null;
      };
    } catch (RuntimeException unreadable) {
      return null;
    }
  }

  private static Long nullCount(JsonNode stats, List<String> path) {
    JsonNode count = node(stats.path("nullCount"), path);
    return count != null && count.canConvertToLong() && count.asLong() >= 0 ? count.asLong() : null;
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
