package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.accumulator.GroupTable;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $sortByCount: <expression>}: MongoDB's {@code {$group: {_id: <expression>, count: {$sum:
 * 1}}}} then {@code {$sort: {count: -1}}} (groups of equal count stay in order of first
 * appearance).
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
    GroupTable groups = new GroupTable(List.of(count));
    while (input.hasNext()) {
      variables.setDocument(input.next());
      groups.add(key.evaluate(variables), variables);
    }
    List<BsonDocument> out = groups.results();
    Comparator<BsonDocument> byCount =
        Comparator.comparing(document -> document.get("count"), BsonComparisonOrder.INSTANCE);
    out.sort(byCount.reversed());
    return out.iterator();
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
