package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.command.CommandArguments;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A command's {@code hint}, checked so that it is never accepted and ignored: it must name an index
 * of the collection (by name or key pattern), as MongoDB requires, or be {@code {$natural: 1}} or
 * {@code {$natural: -1}}. Hinting a regular index selects the same documents as any plan, so the
 * planner's choice stands; a sparse or partial index would select fewer (MongoDB returns only the
 * documents it holds), which this server does not do, so such a hint is refused.
 */
final class IndexHint {

  private IndexHint() {}

  /**
   * Checks {@code hint} (null or empty: none) against the collection's indexes.
   *
   * @return the natural order it asks for ({@code 1} or {@code -1}), or empty for an index hint
   */
  static Optional<Integer> check(MongoLake lake, Namespace namespace, BsonValue hint) {
    if (hint == null
        || (hint.isDocument() && hint.asDocument().isEmpty())
        || (hint.isString() && hint.asString().getValue().isEmpty())) {
      return Optional.empty();
    }
    if (hint.isDocument() && hint.asDocument().containsKey("$natural")) {
      BsonValue direction = hint.asDocument().get("$natural");
      if (hint.asDocument().size() == 1
          && direction.isNumber()
          && Math.abs(direction.asNumber().doubleValue()) == 1) {
        return Optional.of(direction.asNumber().doubleValue() > 0 ? 1 : -1);
      }
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "$natural hint must be {$natural: 1} or {$natural: -1}: " + hint);
    }
    if (!hint.isString() && !hint.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "hint must be a string or an object, not " + CommandArguments.typeName(hint));
    }
    List<BsonDocument> indexes =
        lake.db(namespace.database()).listCollectionNames().contains(namespace.collection())
            ? lake.db(namespace.database()).collection(namespace.collection()).listIndexes()
            : List.of();
    for (BsonDocument index : indexes) {
      boolean named =
          hint.isString()
              ? index.getString("name").getValue().equals(hint.asString().getValue())
              : index.getDocument("key").equals(hint.asDocument());
      if (named) {
        boolean sparse =
            index.get("sparse") instanceof BsonValue flag
                && flag.isBoolean()
                && flag.asBoolean().getValue();
        if (sparse || index.containsKey("partialFilterExpression")) {
          throw new MongoLakeException(
              ErrorCode.NOT_IMPLEMENTED,
              "Cannot use hint "
                  + hint
                  + ": hinting a sparse or partial index, which would select only the documents"
                  + " it holds, is not supported yet");
        }
        return Optional.empty();
      }
    }
    throw new MongoLakeException(
        ErrorCode.BAD_VALUE, "hint provided does not correspond to an existing index");
  }

  /**
   * Checks {@code hint} for a command that reads no order from it but may pick one document (an
   * update or delete of one, findAndModify without a sort): there {@code {$natural: -1}} would
   * choose which document, and choosing another would be a wrong answer, so it is refused.
   */
  static void checkForOneDocument(
      MongoLake lake, Namespace namespace, BsonValue hint, boolean picksOne) {
    Optional<Integer> natural = check(lake, namespace, hint);
    if (picksOne && natural.isPresent() && natural.get() < 0) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "Cannot use hint {$natural: -1} to choose the document to change: not supported yet");
    }
  }
}
