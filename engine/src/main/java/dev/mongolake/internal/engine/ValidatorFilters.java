package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.internal.read.QueryErrors;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Checks a collection validator as MongoDB parses one: not on the {@code admin}, {@code local} or
 * {@code config} databases; {@code $where}, {@code $text} and the operators that sort by distance
 * ({@code $near}, {@code $nearSphere}, {@code $geoNear}) are not allowed; anything else the filter
 * language accepts, {@code $expr} and {@code $jsonSchema} included. Errors carry MongoDB's prefix
 * "Parsing of collection validator failed :: caused by :: ".
 */
final class ValidatorFilters {
  private static final Set<String> INTERNAL_DATABASES = Set.of("admin", "local", "config");
  private static final Set<String> NEAR = Set.of("$near", "$nearSphere", "$geoNear");
  private static final String PREFIX = "Parsing of collection validator failed :: caused by :: ";

  private ValidatorFilters() {}

  static void check(Namespace namespace, BsonDocument validator) {
    if (INTERNAL_DATABASES.contains(namespace.database())) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Document validators are not allowed on collection "
              + namespace.fullName()
              + " in the "
              + namespace.database()
              + " internal database");
    }
    checkDocument(validator);
    try {
      QueryErrors.parseFilter(validator);
    } catch (MongoLakeException e) {
      throw new MongoLakeException(e.errorCode(), PREFIX + e.getMessage(), e.errorInfo());
    }
  }

  private static void checkDocument(BsonDocument filter) {
    for (Map.Entry<String, BsonValue> clause : filter.entrySet()) {
      String key = clause.getKey();
      BsonValue value = clause.getValue();
      switch (key) {
        case "$where", "$text" ->
            throw new MongoLakeException(
                ErrorCode.BAD_VALUE, PREFIX + key + " is not allowed in this context");
        case "$and", "$or", "$nor" -> {
          if (value.isArray()) {
            value.asArray().stream()
                .filter(BsonValue::isDocument)
                .forEach(entry -> checkDocument(entry.asDocument()));
          }
        }
        default -> {
          if (!key.startsWith("$") && FilterParser.isOperatorDocument(value, false)) {
            checkOperators(value.asDocument());
          }
        }
      }
    }
  }

  private static void checkOperators(BsonDocument operators) {
    for (Map.Entry<String, BsonValue> operator : operators.entrySet()) {
      if (NEAR.contains(operator.getKey())) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5626500,
            PREFIX
                + "$geoNear, $near, and $nearSphere are not allowed in this context, as these"
                + " operators require sorting geospatial data. If you do not need sort, consider"
                + " using $geoWithin instead. Check out"
                + " https://dochub.mongodb.org/core/near-sort-operation and"
                + " https://dochub.mongodb.org/core/nearSphere-sort-operationfor more details.");
      }
      BsonValue operand = operator.getValue();
      if (operator.getKey().equals("$not") && operand.isDocument()) {
        checkOperators(operand.asDocument());
      } else if (operator.getKey().equals("$elemMatch") && operand.isDocument()) {
        checkDocument(operand.asDocument());
        checkOperators(operand.asDocument());
      }
    }
  }
}
