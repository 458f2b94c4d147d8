package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.internal.operators.BsonTypeAliases;
import org.bson.BsonValue;

/** The errors MongoDB's schema parser raises, with its codes and wording. */
final class SchemaErrors {
  private SchemaErrors() {}

  /** TypeMismatch {@code $jsonSchema keyword '<keyword>' <problem>}. */
  static QueryException keywordType(String keyword, String problem) {
    return new QueryException(
        QueryErrorCode.TYPE_MISMATCH, "$jsonSchema keyword '" + keyword + "' " + problem);
  }

  /** FailedToParse {@code $jsonSchema keyword '<keyword>' <problem>}. */
  static QueryException keywordValue(String keyword, String problem) {
    return new QueryException(
        QueryErrorCode.FAILED_TO_PARSE, "$jsonSchema keyword '" + keyword + "' " + problem);
  }

  static QueryException typeMismatch(String message) {
    return new QueryException(QueryErrorCode.TYPE_MISMATCH, message);
  }

  static QueryException failedToParse(String message) {
    return new QueryException(QueryErrorCode.FAILED_TO_PARSE, message);
  }

  static QueryException badValue(String message) {
    return new QueryException(QueryErrorCode.BAD_VALUE, message);
  }

  /**
   * Refuses a property name with a dot: MongoDB reads it as a dotted path into sub-documents (and
   * arrays), which MongoLake's schemas, which name fields, do not do.
   */
  static String fieldName(String keyword, String name) {
    if (name.contains(".")) {
      throw new QueryException(
          QueryErrorCode.NOT_IMPLEMENTED,
          "$jsonSchema keyword '"
              + keyword
              + "' with a dotted property name is not supported: '"
              + name
              + "'");
    }
    return name;
  }

  /** The type name MongoDB prints for an operand of the wrong type. */
  static String typeOf(BsonValue value) {
    return BsonTypeAliases.nameOf(value.getBsonType());
  }
}
