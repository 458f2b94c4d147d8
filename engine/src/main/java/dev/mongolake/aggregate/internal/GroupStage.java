package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.Accumulator;
import dev.mongolake.aggregate.internal.accumulator.AccumulatorRegistry;
import dev.mongolake.aggregate.internal.accumulator.AccumulatorSpec;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $group: {_id: <expression>, <field>: {<accumulator>: <argument>}, ...}}: groups by the
 * {@code _id} expression (missing counts as null) and accumulates each field. Groups come out in
 * order of first appearance.
 *
 * @param specification the stage as written
 * @param key the {@code _id} expression
 * @param fields the output fields, in order
 */
record GroupStage(BsonDocument specification, Expression key, List<Field> fields)
    implements PipelineStage {

  /** One accumulated output field. */
  record Field(String name, AccumulatorSpec accumulator) {}

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    BsonDocument spec = StageSpecs.document("$group", specification);
    if (!spec.containsKey("_id")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15952, "a group specification must include an _id");
    }
    Expression key = ExpressionParser.parse(spec.get("_id"), context.scope());
    List<Field> fields = new ArrayList<>();
    for (Map.Entry<String, BsonValue> entry : spec.entrySet()) {
      if (entry.getKey().equals("_id")) {
        continue;
      }
      if (!entry.getValue().isDocument() || entry.getValue().asDocument().size() != 1) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40234,
            "The field '" + entry.getKey() + "' must be an accumulator object");
      }
      BsonDocument accumulator = entry.getValue().asDocument();
      String operator = accumulator.getFirstKey();
      BsonValue argument = accumulator.get(operator);
      if (operator.equals("$count")) {
        operator = "$sum";
        argument = new org.bson.BsonInt32(1);
      }
      fields.add(
          new Field(
              entry.getKey(),
              AccumulatorRegistry.instance().parse(operator, argument, context.scope())));
    }
    return new GroupStage(spec, key, fields);
  }

  @Override
  public String name() {
    return "$group";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    Map<BsonValue, List<Accumulator>> groups = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    Map<BsonValue, Integer> order = new LinkedHashMap<>();
    while (input.hasNext()) {
      variables.setDocument(input.next());
      BsonValue id = key.evaluate(variables);
      BsonValue groupId = id == null ? BsonNull.VALUE : id;
      List<Accumulator> accumulators =
          groups.computeIfAbsent(
              groupId,
              k -> {
                order.put(k, order.size());
                List<Accumulator> fresh = new ArrayList<>();
                fields.forEach(f -> fresh.add(f.accumulator().factory().get()));
                return fresh;
              });
      for (int i = 0; i < fields.size(); i++) {
        accumulators.get(i).accumulate(fields.get(i).accumulator().input().evaluate(variables));
      }
    }
    List<BsonDocument> out = new ArrayList<>();
    for (BsonValue groupId : order.keySet()) {
      BsonDocument result = new BsonDocument("_id", groupId);
      List<Accumulator> accumulators = groups.get(groupId);
      for (int i = 0; i < fields.size(); i++) {
        result.put(fields.get(i).name(), accumulators.get(i).result());
      }
      out.add(result);
    }
    return out.iterator();
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
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
