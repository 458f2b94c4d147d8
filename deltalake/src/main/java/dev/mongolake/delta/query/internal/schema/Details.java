package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.query.internal.operators.BsonTypeAliases;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/** Builds the error details MongoDB gives for a schema keyword a value fails. */
final class Details {
  private Details() {}

  /** {@code {operatorName: keyword}}. */
  static BsonDocument operator(String keyword) {
    return new BsonDocument("operatorName", new BsonString(keyword));
  }

  /** {@code {operatorName: keyword, specifiedAs: {keyword: operand}}}. */
  static BsonDocument specified(String keyword, BsonValue operand) {
    return operator(keyword).append("specifiedAs", new BsonDocument(keyword, operand));
  }

  /** {@link #specified} with a reason and the value considered. */
  static List<BsonDocument> failed(
      String keyword, BsonValue operand, String reason, BsonValue considered) {
    return List.of(
        specified(keyword, operand)
            .append("reason", new BsonString(reason))
            .append("consideredValue", considered));
  }

  /** MongoDB's name of the value's type, as {@code consideredType} reports it. */
  static BsonString typeName(BsonValue value) {
    return new BsonString(BsonTypeAliases.nameOf(value.getBsonType()));
  }
}
