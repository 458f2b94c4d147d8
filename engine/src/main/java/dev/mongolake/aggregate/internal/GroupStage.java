package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.ObjectExpression;
import dev.mongolake.aggregate.internal.expression.Variables;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $group: {_id: <expression>, <field>: {<accumulator>: <argument>}, ...}}: groups by the
 * {@code _id} expression with MongoDB's equality (1, 1.0 and NumberLong(1) are one group; documents
 * whose fields differ in order are not), missing counting as null, and accumulates each field. The
 * output {@code _id} is the first value seen of its group; groups come out in order of first
 * appearance, or in key order when they outgrow the memory limit and spill ({@link
 * SpillableGroupTable}).
 *
 * @param specification the stage as written
 * @param key the {@code _id} expression
 * @param fields the output fields, in order
 */
record GroupStage(BsonDocument specification, Expression key, List<AccumulatedField> fields)
    implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15947, "a group's fields must be specified in an object");
    }
    BsonDocument spec = specification.asDocument();
    Expression key = null;
    List<AccumulatedField> fields = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : spec.entrySet()) {
      if (entry.getKey().equals("_id")) {
        key = idExpression(ExpressionParser.parse(entry.getValue(), context.scope()));
      } else {
        fields.add(AccumulatedField.parse(entry.getKey(), entry.getValue(), context.scope()));
      }
    }
    if (key == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15955, "a group specification must include an _id");
    }
    return new GroupStage(spec, key, fields);
  }

  /**
   * MongoDB groups by an {@code _id} document of one field on that field's value alone, missing
   * counting as null, so {@code {_id: {a: "$x"}}} makes {@code {a: null}} of a missing {@code x}
   * (with several fields a missing one is left out, as an object expression does).
   */
  private static Expression idExpression(Expression parsed) {
    if (parsed instanceof ObjectExpression object && object.fields().size() == 1) {
      Map.Entry<String, Expression> only = object.fields().entrySet().iterator().next();
      return new SingleFieldId(only.getKey(), only.getValue(), object);
    }
    return parsed;
  }

  /** The {@code _id} document of one field whose value is never missing. */
  private record SingleFieldId(String field, Expression value, ObjectExpression original)
      implements Expression {
    @Override
    public BsonValue evaluate(Variables variables) {
      BsonValue evaluated = value.evaluate(variables);
      return new BsonDocument(field, evaluated == null ? BsonNull.VALUE : evaluated);
    }

    @Override
    public List<Expression> children() {
      return original.children();
    }
  }

  @Override
  public String name() {
    return "$group";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    SpillableGroupTable groups = new SpillableGroupTable(name(), fields, context, variables);
    while (input.hasNext()) {
      variables.setDocument(input.next());
      groups.add(key.evaluate(variables), variables);
    }
    return groups.results();
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    key.addDependencies(dependencies);
    fields.forEach(field -> field.accumulator().input().addDependencies(dependencies));
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
