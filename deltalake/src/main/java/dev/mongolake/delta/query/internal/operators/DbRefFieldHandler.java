package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.FieldNode;
import dev.mongolake.delta.query.ast.FieldPath;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * {@code $ref $id $db} at the top of a filter are DBRef fields, not operators: they are matched as
 * ordinary fields (this is how {@code {a: {$elemMatch: {$ref: "c", $id: 1}}}} works).
 */
final class DbRefFieldHandler implements TopLevelOperatorHandler {
  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    return Optional.of(
        new FieldNode(
            FieldPath.of(operatorName), parser.parseFieldValue(operatorName, operand, level)));
  }
}
