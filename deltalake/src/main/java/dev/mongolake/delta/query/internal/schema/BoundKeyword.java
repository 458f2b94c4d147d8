package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.query.ast.ComparisonOperator;
import dev.mongolake.delta.query.ast.ComparisonPredicate;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code minimum} or {@code maximum}, exclusive with {@code exclusiveMinimum}/{@code
 * exclusiveMaximum: true}: numbers compare as {@code $gte}/{@code $gt} (or {@code $lte}/{@code
 * $lt}) would.
 */
record BoundKeyword(String keyword, BsonValue bound, boolean exclusive, ComparisonPredicate test)
    implements SchemaKeyword {

  static BoundKeyword minimum(BsonValue bound, boolean exclusive) {
    ComparisonOperator operator = exclusive ? ComparisonOperator.GT : ComparisonOperator.GTE;
    return new BoundKeyword("minimum", bound, exclusive, new ComparisonPredicate(operator, bound));
  }

  static BoundKeyword maximum(BsonValue bound, boolean exclusive) {
    ComparisonOperator operator = exclusive ? ComparisonOperator.LT : ComparisonOperator.LTE;
    return new BoundKeyword("maximum", bound, exclusive, new ComparisonPredicate(operator, bound));
  }

  @Override
  public boolean matches(BsonValue value) {
    return !Restriction.NUMBER.appliesTo(value) || test.matchesSingle(value);
  }

  @Override
  public List<BsonDocument> explain(BsonValue value) {
    BsonDocument specifiedAs = new BsonDocument(keyword, bound);
    if (exclusive) {
      specifiedAs.append(
          keyword.equals("minimum") ? "exclusiveMinimum" : "exclusiveMaximum", BsonBoolean.TRUE);
    }
    return List.of(
        Details.operator(keyword)
            .append("specifiedAs", specifiedAs)
            .append("reason", new BsonString("comparison failed"))
            .append("consideredValue", value));
  }
}
