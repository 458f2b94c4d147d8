package dev.mongolake.delta.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.parquet.IdBounds;
import dev.mongolake.delta.parquet.IdEncoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import org.bson.BsonValue;

/**
 * Decides from a file's {@code _id} min/max statistics whether it may hold any of some {@code
 * _id}s, so that copy-on-write reads only the files that can be affected. Conservative: a file
 * without usable statistics may hold anything.
 */
final class IdRanges {

  private static final ObjectMapper JSON = new ObjectMapper();

  private IdRanges() {}

  static boolean mayContainAny(AddFile file, IdEncoding encoding, Collection<BsonValue> ids) {
    if (encoding == IdEncoding.KEY) {
      return mayContainAnyKey(file, ids);
    }
    if (file.stats() == null) {
      return true;
    }
    JsonNode min;
    JsonNode max;
    try {
      JsonNode stats = JSON.readTree(file.stats());
      min = stats.path("minValues").get("_id");
      max = stats.path("maxValues").get("_id");
    } catch (IOException e) {
      return true;
    }
    if (min == null || max == null) {
      return true;
    }
    for (BsonValue id : ids) {
      if (within(id, encoding, min, max)) {
        return true;
      }
    }
    return false;
  }

  /** KEY files record their _id bounds, in MongoDB's order, in the add action's tags. */
  private static boolean mayContainAnyKey(AddFile file, Collection<BsonValue> ids) {
    Map<String, String> tags = file.tags();
    if (tags == null
        || !tags.containsKey(AddFileStats.ID_MIN_TAG)
        || !tags.containsKey(AddFileStats.ID_MAX_TAG)) {
      return true;
    }
    BsonValue min;
    BsonValue max;
    try {
      min = IdBounds.fromJson(tags.get(AddFileStats.ID_MIN_TAG));
      max = IdBounds.fromJson(tags.get(AddFileStats.ID_MAX_TAG));
    } catch (RuntimeException unreadable) {
      return true;
    }
    BsonComparisonOrder order = BsonComparisonOrder.INSTANCE;
    for (BsonValue id : ids) {
      if (order.compare(id, min) >= 0 && order.compare(id, max) <= 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean within(BsonValue id, IdEncoding encoding, JsonNode min, JsonNode max) {
    if (!encoding.fits(id)) {
      return false;
    }
    return switch (encoding) {
      case OBJECT_ID ->
          between(id.asObjectId().getValue().toHexString(), min.asText(), max.asText());
      case STRING -> between(id.asString().getValue(), min.asText(), max.asText());
      case INT32, INT64 -> {
        long value = id.asNumber().longValue();
        yield value >= min.asLong() && value <= max.asLong();
      }
      case KEY -> true;
    };
  }

  /** Parquet orders strings by their UTF-8 bytes, unsigned. */
  private static boolean between(String value, String min, String max) {
    byte[] v = value.getBytes(StandardCharsets.UTF_8);
    return Arrays.compareUnsigned(v, min.getBytes(StandardCharsets.UTF_8)) >= 0
        && Arrays.compareUnsigned(v, max.getBytes(StandardCharsets.UTF_8)) <= 0;
  }
}
