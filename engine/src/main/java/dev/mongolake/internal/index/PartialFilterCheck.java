package dev.mongolake.internal.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonDebugText;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What MongoDB allows in a {@code partialFilterExpression}: equalities (a value or {@code $eq}),
 * {@code $exists: true}, {@code $gt}, {@code $gte}, {@code $lt}, {@code $lte}, {@code $type} and
 * {@code $in} on fields, combined with {@code $and} and {@code $or}. Anything else ({@code $ne},
 * {@code $exists: false}, {@code $regex}, {@code $expr}, {@code $jsonSchema}, {@code $nor}, ...) is
 * refused with CannotCreateIndex, as MongoDB refuses it; geospatial filters are not supported.
 */
final class PartialFilterCheck {

  private static final Set<String> FIELD_OPERATORS =
      Set.of("$eq", "$exists", "$gt", "$gte", "$lt", "$lte", "$type", "$in");

  private PartialFilterCheck() {}

  /**
   * @throws MongoLakeException CannotCreateIndex naming the first expression MongoDB does not allow
   */
  static void check(BsonDocument filter) {
    for (Map.Entry<String, BsonValue> clause : filter.entrySet()) {
      String name = clause.getKey();
      BsonValue value = clause.getValue();
      if (name.equals("$and") || name.equals("$or")) {
        if (value.isArray()) {
          for (BsonValue branch : value.asArray()) {
            if (branch.isDocument()) {
              check(branch.asDocument());
            }
          }
        }
      } else if (name.startsWith("$")) {
        throw unsupported(new BsonDocument(name, value));
      } else if (isOperatorDocument(value)) {
        for (Map.Entry<String, BsonValue> operator : value.asDocument().entrySet()) {
          boolean existsFalse = operator.getKey().equals("$exists") && !truthy(operator.getValue());
          if (!FIELD_OPERATORS.contains(operator.getKey()) || existsFalse) {
            throw unsupported(
                new BsonDocument(name, new BsonDocument(operator.getKey(), operator.getValue())));
          }
        }
      }
    }
  }

  private static boolean isOperatorDocument(BsonValue value) {
    return value.isDocument()
        && !value.asDocument().isEmpty()
        && value.asDocument().getFirstKey().startsWith("$");
  }

  private static boolean truthy(BsonValue value) {
    if (value instanceof BsonBoolean bool) {
      return bool.getValue();
    }
    return !value.isNumber() || value.asNumber().doubleValue() != 0;
  }

  private static MongoLakeException unsupported(BsonDocument expression) {
    return new MongoLakeException(
        ErrorCode.CANNOT_CREATE_INDEX,
        "Expression not supported in partial index: " + BsonDebugText.value(expression));
  }
}
