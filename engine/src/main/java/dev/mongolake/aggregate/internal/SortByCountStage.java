package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.internal.read.SortOrder;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code $sortByCount: <expression>}: MongoDB's {@code {$group: {_id: <expression>, count: {$sum:
 * 1}}}} then {@code {$sort: {count: -1}}} (groups of equal count stay in the order the group gave
 * them), each under its memory limit.
 *
 * @param specification the expression as written
 * @param key the grouping expression
 * @param count the {@code count} field
 */
record SortByCountStage(BsonValue specification, Expression key, AccumulatedField count)
    implements PipelineStage {

  private static final String MESSAGE =
      "the sortByCount field must be defined as a $-prefixed path or an expression inside an"
          + " object";

  private static final SortOrder BY_COUNT =
      SortOrder.parse(new BsonDocument("count", new BsonInt32(-1)));

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (specification.isDocument()) {
      BsonDocument document = specification.asDocument();
      if (document.isEmpty() || !document.getFirstKey().startsWith("$")) {
        throw new MongoLakeException(ErrorCode.LOCATION_40147, MESSAGE);
      }
    } else if (specification.isString()) {
      if (!specification.asString().getValue().startsWith("$")) {
        throw new MongoLakeException(ErrorCode.LOCATION_40148, MESSAGE);
      }
    } else {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40149,
          "the sortByCount field must be specified as a string or as an object");
    }
    Expression key = ExpressionParser.parse(specification, context.scope());
    AccumulatedField count =
        AccumulatedField.parse("count", BsonDocument.parse("{$sum: 1}"), context.scope());
    return new SortByCountStage(specification, key, count);
  }

  @Override
  public String name() {
    return "$sortByCount";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    SpillableGroupTable groups =
        new SpillableGroupTable("$group", List.of(count), context, variables);
    while (input.hasNext()) {
      variables.setDocument(input.next());
      groups.add(key.evaluate(variables), variables);
    }
    // MongoDB's $sort stage, under its own memory limit.
    ExternalSort sort =
        new ExternalSort(BY_COUNT, context.memoryLimit(), context.spillFiles(), "Sort");
    groups.results().forEachRemaining(sort::add);
    return sort.sorted();
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    key.addDependencies(dependencies);
  }

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public boolean dependenciesAreExhaustive() {
    return true;
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
