package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.internal.read.ValueText;
import java.util.Iterator;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $replaceRoot: {newRoot: <expr>}} and {@code $replaceWith: <expr>}: each document replaced
 * by the expression's value, which must be a document (40228 otherwise, naming the value, its type
 * and the input as MongoDB does).
 *
 * @param name the stage as written
 * @param specification the specification as written
 * @param newRoot the replacement expression
 */
record ReplaceRootStage(String name, BsonValue specification, Expression newRoot)
    implements PipelineStage {

  static PipelineStage parseReplaceRoot(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40229,
          "expected an object as specification for $replaceRoot stage, got "
              + BsonTypeNames.of(specification));
    }
    BsonValue newRoot = null;
    for (Map.Entry<String, BsonValue> field : specification.asDocument().entrySet()) {
      if (!field.getKey().equals("newRoot")) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '$replaceRoot." + field.getKey() + "' is an unknown field.");
      }
      newRoot = field.getValue();
    }
    if (newRoot == null) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD,
          "BSON field '$replaceRoot.newRoot' is missing but a required field");
    }
    return new ReplaceRootStage(
        "$replaceRoot", specification, ExpressionParser.parse(newRoot, context.scope()));
  }

  static PipelineStage parseReplaceWith(BsonValue specification, PipelineContext context) {
    return new ReplaceRootStage(
        "$replaceWith", specification, ExpressionParser.parse(specification, context.scope()));
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    return new MappingIterator(input, document -> replace(document, variables));
  }

  private BsonDocument replace(BsonDocument document, Variables variables) {
    BsonValue value = newRoot.evaluate(variables.setDocument(document));
    if (value instanceof BsonDocument replacement) {
      return replacement;
    }
    String context =
        name.equals("$replaceRoot") ? "'newRoot' expression " : "'replacement document' ";
    throw new MongoLakeException(
        ErrorCode.LOCATION_40228,
        context
            + "must evaluate to an object, but resulting value was: "
            + ValueText.value(value)
            + ". Type of resulting value: '"
            + (value == null ? "missing" : BsonTypeNames.of(value))
            + "'. Input document: "
            + ValueText.value(document));
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    newRoot.addDependencies(dependencies);
  }

  @Override
  public boolean dependenciesAreExhaustive() {
    return true;
  }

  /** As MongoDB explains it: {@code $replaceWith} shows as the {@code $replaceRoot} it means. */
  @Override
  public BsonDocument explain() {
    BsonValue root =
        name.equals("$replaceRoot") ? specification.asDocument().get("newRoot") : specification;
    return new BsonDocument("$replaceRoot", new BsonDocument("newRoot", root));
  }
}
