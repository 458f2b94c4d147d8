package dev.mongolake.update;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.update.internal.DollarFields;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** The rules for {@code _id} in a document about to be stored: a valid type, and first. */
final class IdField {
  private IdField() {}

  /**
   * On an upsert insert the seed document's {@code _id} (from the query's equality) may not be
   * changed by the update.
   */
  static void checkUnchanged(BsonValue seedId, BsonValue resultId) {
    // The immutable _id compares without the collation, as MongoDB checks immutable fields.
    if (seedId != null
        && resultId != null
        && !dev.mongolake.delta.order.BsonComparisonOrder.equal(seedId, resultId)) {
      throw new MongoLakeException(
          ErrorCode.IMMUTABLE_FIELD,
          "After applying the update, the (immutable) field '_id' was found to have been altered"
              + " to "
              + dev.mongolake.bson.BsonDebugText.element("_id", resultId));
    }
  }

  /** {@code document} with {@code _id} (when present) as its first field. */
  static BsonDocument validateAndMoveFirst(BsonDocument document) {
    BsonValue id = document.get("_id");
    if (id == null) {
      return document;
    }
    if (id.isArray()
        || id.isRegularExpression()
        || id.getBsonType() == org.bson.BsonType.UNDEFINED) {
      throw new MongoLakeException(
          ErrorCode.INVALID_ID_FIELD, "The '_id' value cannot be of type " + BsonTypeNames.of(id));
    }
    if (id.isDocument()) {
      String dollarField = DollarFields.firstIn(id.asDocument());
      if (dollarField != null) {
        throw new MongoLakeException(
            ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
            "_id fields may not contain '$'-prefixed fields: "
                + dollarField
                + " is not valid for storage.");
      }
    }
    if (document.getFirstKey().equals("_id")) {
      return document;
    }
    BsonDocument ordered = new BsonDocument("_id", id);
    for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
      if (!entry.getKey().equals("_id")) {
        ordered.put(entry.getKey(), entry.getValue());
      }
    }
    return ordered;
  }
}
