package dev.mongolake.delta.parquet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Per-file statistics in Delta's shape, for the {@code stats} of an {@code add} action: nested by
 * column path like the table schema ({@code profile.name} under {@code profile}).
 *
 * <p>Min/max cover {@code _id} (except {@link IdEncoding#KEY}, a binary Delta does not compare) and
 * the scalar promoted columns of type string, int, long, double and timestamp; null counts cover
 * {@code _id} and every scalar promoted column. List columns and the Variant have no statistics.
 * Strings are exact, never truncated. Timestamps are BSON dates here and ISO-8601 UTC strings with
 * milliseconds in the JSON.
 *
 * @param numRecords the number of documents in the file
 * @param minValues the smallest non-null value per column
 * @param maxValues the largest non-null value per column
 * @param nullCount the number of documents per column whose value is null or did not fit
 */
public record DocumentFileStatistics(
    long numRecords, BsonDocument minValues, BsonDocument maxValues, BsonDocument nullCount) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter DELTA_TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  /**
   * The Delta stats JSON: {@code
   * {"numRecords":..,"minValues":{..},"maxValues":{..},"nullCount":{..}}}.
   */
  public String toDeltaJson() {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("numRecords", numRecords);
    root.set("minValues", toJson(minValues));
    root.set("maxValues", toJson(maxValues));
    root.set("nullCount", toJson(nullCount));
    try {
      return JSON.writeValueAsString(root);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new ParquetFileException("Cannot write statistics JSON: " + e.getMessage(), e);
    }
  }

  private static JsonNode toJson(BsonDocument document) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
      BsonValue value = entry.getValue();
      String key = entry.getKey();
      switch (value.getBsonType()) {
        case DOCUMENT -> node.set(key, toJson(value.asDocument()));
        case STRING -> node.put(key, value.asString().getValue());
        case INT32 -> node.put(key, value.asInt32().getValue());
        case INT64 -> node.put(key, value.asInt64().getValue());
        case DOUBLE -> node.put(key, value.asDouble().getValue());
        case DATE_TIME ->
            node.put(
                key, DELTA_TIMESTAMP.format(Instant.ofEpochMilli(value.asDateTime().getValue())));
        default -> throw new ParquetFileException("Cannot write statistic " + key + ": " + value);
      }
    }
    return node;
  }
}
