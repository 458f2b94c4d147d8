package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.JsonSchema;
import dev.mongolake.delta.query.ast.FilterNode;
import dev.mongolake.delta.query.ast.JsonSchemaNode;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.TopLevelOperatorHandler;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * {@code $jsonSchema}: a schema the document satisfies. Allowed wherever a filter document is,
 * inside {@code $elemMatch} too (it then sees the element), as in MongoDB.
 */
final class JsonSchemaOperatorHandler implements TopLevelOperatorHandler {
  @Override
  public Optional<FilterNode> parse(
      String operatorName, BsonValue operand, ParseLevel level, FilterParser parser) {
    return Optional.of(new JsonSchemaNode(JsonSchema.parse(operand)));
  }
}
