package dev.mongolake.update;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonNesting;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.update.internal.BsonIdentity;
import java.util.Map;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A validated replacement document, as replaceOne, findOneAndReplace and replacement-style updates
 * use it. The result keeps the original {@code _id} (which the replacement may repeat but not
 * change) as its first field.
 *
 * <p>Immutable and thread-safe. Failures are {@link MongoLakeException}s with MongoDB's codes.
 */
public final class Replacement {
  private final BsonDocument replacement;

  private Replacement(BsonDocument replacement) {
    this.replacement = replacement;
  }

  /**
   * Validates a replacement document.
   *
   * @throws MongoLakeException DollarPrefixedFieldName for a top-level field starting with {@code
   *     $} (an update operator given to a replace), InvalidIdField for an array, regex or undefined
   *     {@code _id}, Overflow for a document of more than {@link BsonNesting#MAX_STORED_DEPTH}
   *     levels
   */
  public static Replacement parse(BsonDocument replacement) {
    Objects.requireNonNull(replacement, "replacement");
    // Before the copy, which recurses into the document; MongoDB's update message.
    if (BsonNesting.storedLevels(replacement, BsonNesting.MAX_STORED_DEPTH)
        > BsonNesting.MAX_STORED_DEPTH) {
      throw new MongoLakeException(
          ErrorCode.OVERFLOW,
          "Document exceeds maximum nesting depth of " + BsonNesting.MAX_STORED_DEPTH);
    }
    for (String name : replacement.keySet()) {
      if (name.startsWith("$")) {
        throw new MongoLakeException(
            ErrorCode.DOLLAR_PREFIXED_FIELD_NAME,
            "The dollar ($) prefixed field '"
                + name
                + "' in '"
                + name
                + "' is not allowed in the context of an update's replacement document. Consider"
                + " using an aggregation pipeline with $replaceWith.");
      }
    }
    BsonDocument copy = replacement.clone();
    IdField.validateAndMoveFirst(copy);
    return new Replacement(copy);
  }

  /**
   * Replaces {@code original} (never modified) with this document. The {@code _id} of {@code
   * original} is kept; on an upsert insert ({@code context.upsertInsert()}) {@code original} is the
   * document the query's equality fields seeded, and the replacement may supply the {@code _id}
   * when the query did not.
   *
   * @throws MongoLakeException ImmutableField when the replacement's {@code _id} differs from the
   *     original's (or, on an upsert insert, from the one the query fixed)
   */
  public UpdateResult apply(BsonDocument original, UpdateContext context) {
    Objects.requireNonNull(original, "original");
    Objects.requireNonNull(context, "context");
    BsonValue originalId = original.get("_id");
    BsonValue newId = replacement.get("_id");
    // MongoDB checks the immutable _id without the collation: "ABC" does not replace "abc".
    if (originalId != null && newId != null && !BsonComparisonOrder.equal(originalId, newId)) {
      throw new MongoLakeException(
          ErrorCode.IMMUTABLE_FIELD,
          "After applying the update, the (immutable) field '_id' was found to have been altered"
              + " to "
              + BsonDebugText.element("_id", newId));
    }
    BsonValue id =
        newId != null && (context.upsertInsert() || originalId == null) ? newId : originalId;
    BsonDocument result = new BsonDocument();
    if (id != null) {
      result.put("_id", id.isDocument() ? id.asDocument().clone() : id);
    }
    for (Map.Entry<String, BsonValue> entry : replacement.clone().entrySet()) {
      if (!entry.getKey().equals("_id")) {
        result.put(entry.getKey(), entry.getValue());
      }
    }
    return new UpdateResult(result, !BsonIdentity.identical(result, original));
  }

  /** A copy of the replacement document. */
  public BsonDocument document() {
    return replacement.clone();
  }
}
