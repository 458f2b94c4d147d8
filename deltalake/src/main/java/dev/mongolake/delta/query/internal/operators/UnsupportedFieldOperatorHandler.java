package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.Optional;
import org.bson.BsonValue;

/** MongoDB field operators MongoLake does not implement (geospatial): rejected by name. */
final class UnsupportedFieldOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    throw QueryErrors.notImplemented(operatorName + " is not supported");
  }
}
