package dev.mongolake.delta.query.internal.operators;

import dev.mongolake.delta.query.ast.ElemMatchDocumentPredicate;
import dev.mongolake.delta.query.ast.ElemMatchValuePredicate;
import dev.mongolake.delta.query.ast.FieldPredicate;
import dev.mongolake.delta.query.internal.parse.FieldContext;
import dev.mongolake.delta.query.internal.parse.FieldOperatorHandler;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import dev.mongolake.delta.query.internal.parse.ParseLevel;
import dev.mongolake.delta.query.internal.parse.QueryErrors;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $elemMatch}: the value form when the document's first key is a field operator ({@code
 * {$gt: 1}}), otherwise the document form (a query applied to each element).
 */
final class ElemMatchOperatorHandler implements FieldOperatorHandler {
  @Override
  public Optional<FieldPredicate> parse(
      String operatorName, BsonValue operand, FieldContext context) {
    return Optional.of(parseOperand(operand, context.parser()));
  }

  /** Parses an {@code $elemMatch} operand; shared with {@code $all: [{$elemMatch: ...}]}. */
  static FieldPredicate parseOperand(BsonValue operand, FilterParser parser) {
    if (!operand.isDocument()) {
      throw QueryErrors.badValue("$elemMatch needs an Object");
    }
    BsonDocument document = operand.asDocument();
    boolean valueForm =
        FilterParser.isOperatorDocument(document, true)
            && !parser.registry().isTopLevelOperator(document.getFirstKey());
    if (valueForm) {
      return new ElemMatchValuePredicate(
          parser.parseOperatorDocument("", document, ParseLevel.SUB_DOCUMENT));
    }
    return new ElemMatchDocumentPredicate(parser.parseDocument(document, ParseLevel.SUB_DOCUMENT));
  }
}
