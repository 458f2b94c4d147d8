package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $documents: <array expression>}: the documents of an array (written out, or an expression
 * evaluated with an empty {@code $$ROOT}, so only {@code let} variables and {@code $$NOW} mean
 * anything), as the pipeline's source. First stage only; a collection's pipeline refuses it (only
 * {@code {aggregate: 1}} and the sub-pipelines of {@code $lookup} and {@code $unionWith} take it).
 *
 * @param specification the stage's value as written
 * @param documents the expression giving the documents
 */
record DocumentsStage(BsonValue specification, Expression documents) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    return new DocumentsStage(
        specification, ExpressionParser.parse(specification, context.scope()));
  }

  /** MongoDB's refusal of {@code $documents} in a pipeline over a collection. */
  static MongoLakeException notOnACollection() {
    return new MongoLakeException(
        ErrorCode.INVALID_NAMESPACE,
        "'$documents' can only be run with database or cluster-level aggregation");
  }

  @Override
  public String name() {
    return "$documents";
  }

  @Override
  public StagePosition position() {
    return StagePosition.FIRST;
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    BsonValue value = documents.evaluate(context.newVariables().setDocument(new BsonDocument()));
    if (value == null || !value.isArray()) {
      // MongoDB unwinds the value strictly.
      throw new MongoLakeException(ErrorCode.LOCATION_5858203, "an array is expected");
    }
    List<BsonDocument> out = new ArrayList<>();
    for (BsonValue element : value.asArray()) {
      if (!element.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40228,
            "'replacement document' must evaluate to an object, but resulting value was: "
                + StageSpecs.json(element)
                + ". Type of resulting value: '"
                + BsonTypeNames.of(element)
                + "'.");
      }
      out.add(element.asDocument());
    }
    return out.iterator();
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
