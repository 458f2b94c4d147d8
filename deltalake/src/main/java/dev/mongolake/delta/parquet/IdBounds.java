package dev.mongolake.delta.parquet;

import dev.mongolake.bson.BoundedJson;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * The smallest and largest {@code _id} of a file in MongoDB's comparison order ({@link
 * BsonComparisonOrder}), whatever the file's {@link IdEncoding}. Delta's statistics cannot carry
 * them for {@link IdEncoding#KEY} (a binary column), so tables keep them in the {@code add}
 * action's tags, as canonical Extended JSON so that every BSON type survives.
 *
 * @param min the smallest {@code _id}
 * @param max the largest {@code _id}
 */
public record IdBounds(BsonValue min, BsonValue max) {
  private static final JsonWriterSettings CANONICAL =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  public IdBounds {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
  }

  /** The bounds widened to include {@code id}; {@code bounds} may be null (no id yet). */
  public static IdBounds widen(IdBounds bounds, BsonValue id) {
    if (bounds == null) {
      return new IdBounds(id, id);
    }
    BsonComparisonOrder order = BsonComparisonOrder.INSTANCE;
    BsonValue min = order.compare(id, bounds.min) < 0 ? id : bounds.min;
    BsonValue max = order.compare(id, bounds.max) > 0 ? id : bounds.max;
    return min == bounds.min && max == bounds.max ? bounds : new IdBounds(min, max);
  }

  /** One bound as canonical Extended JSON ({@code {"_id": ...}}). */
  public static String toJson(BsonValue bound) {
    return new BsonDocument(DocumentFileLayout.ID_COLUMN, bound).toJson(CANONICAL);
  }

  /**
   * A bound written by {@link #toJson}.
   *
   * @throws org.bson.json.JsonParseException if {@code json} is not such a document
   */
  public static BsonValue fromJson(String json) {
    BsonValue value = BoundedJson.parseDocument(json).get(DocumentFileLayout.ID_COLUMN);
    if (value == null) {
      throw new IllegalArgumentException("Cannot read _id bound: no _id in " + json);
    }
    return value;
  }
}
