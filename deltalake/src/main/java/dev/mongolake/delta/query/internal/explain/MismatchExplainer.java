package dev.mongolake.delta.query.internal.explain;

import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.JsonSchema;
import dev.mongolake.delta.query.ast.ExpressionEvaluator;
import dev.mongolake.delta.query.ast.FieldPath;
import dev.mongolake.delta.query.internal.parse.FilterParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Splits a parsed filter's source into {@link Clause}s the way MongoDB's parser builds its tree
 * (each operator of a field is a clause of the enclosing document; {@code $comment} is none), so
 * that the details name the same operators and indexes MongoDB's would.
 *
 * <p>Simpler than MongoDB's in places: {@code $ne}, {@code $nin} and {@code $exists: false} are
 * reported as one operator with the inverted reason, not as a {@code $not} around it; an error of
 * an {@code $expr} that fails to evaluate carries its message (and, for the filter language's
 * errors, code).
 */
public final class MismatchExplainer {
  private final ExpressionEvaluator evaluator;

  private MismatchExplainer(ExpressionEvaluator evaluator) {
    this.evaluator = evaluator;
  }

  /**
   * The details of why {@code document} does not match {@code source} (the document the filter was
   * parsed from, whose {@code $expr} operands {@code evaluator} compiled).
   */
  public static BsonDocument explain(
      BsonDocument source, ExpressionEvaluator evaluator, BsonDocument document) {
    return new MismatchExplainer(evaluator).document(source).explain(document, false);
  }

  private DocumentClause document(BsonDocument filter) {
    List<Clause> parts = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : filter.entrySet()) {
      String key = entry.getKey();
      BsonValue value = entry.getValue();
      switch (key) {
        case "$comment" -> {}
        case "$and", "$or", "$nor" -> {
          List<Clause> children = new ArrayList<>();
          value.asArray().forEach(child -> children.add(document(child.asDocument())));
          parts.add(new LogicalClause(key, children));
        }
        case "$expr" -> parts.add(new ExprClause(value, evaluator));
        case "$jsonSchema" -> parts.add(new SchemaClause(JsonSchema.parse(value)));
        case "$alwaysTrue", "$alwaysFalse" ->
            parts.add(new ConstantClause(key, value, key.equals("$alwaysTrue")));
        default -> field(key, value, parts);
      }
    }
    return new DocumentClause(parts);
  }

  private void field(String path, BsonValue value, List<Clause> parts) {
    if (!FilterParser.isOperatorDocument(value, false)) {
      String operator = value.isRegularExpression() ? "$regex" : "$eq";
      parts.add(leaf(path, operator, new BsonDocument(path, value)));
      return;
    }
    BsonDocument operators = value.asDocument();
    for (Map.Entry<String, BsonValue> entry : operators.entrySet()) {
      String operator = entry.getKey();
      BsonValue operand = entry.getValue();
      if (operator.equals("$options")) {
        continue;
      }
      if (operator.equals("$not")) {
        BsonDocument negated = new BsonDocument(path, operand);
        parts.add(new NotClause(document(negated)));
        continue;
      }
      BsonDocument condition = new BsonDocument(operator, operand);
      if (operator.equals("$regex") && operators.containsKey("$options")) {
        condition.append("$options", operators.get("$options"));
      }
      parts.add(leaf(path, operator, new BsonDocument(path, condition)));
    }
  }

  private static LeafClause leaf(String path, String operator, BsonDocument specifiedAs) {
    BsonValue operand = specifiedAs.get(path);
    boolean positive =
        !operator.equals("$exists")
            || !(operand.asDocument().get("$exists") instanceof BsonValue exists)
            || truthy(exists);
    return new LeafClause(
        operator,
        specifiedAs,
        FieldPath.of(path),
        Filter.parse(specifiedAs),
        LeafKind.of(operator, positive));
  }

  private static boolean truthy(BsonValue value) {
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    if (value.isNumber()) {
      return value.asNumber().doubleValue() != 0;
    }
    return !value.isNull() && value.getBsonType() != org.bson.BsonType.UNDEFINED;
  }
}
