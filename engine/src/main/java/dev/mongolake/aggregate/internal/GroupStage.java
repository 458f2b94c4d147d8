package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.Stage;
import dev.mongolake.delta.query.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $group: {_id: <expression>, <field>: {<accumulator>: <expression>}, ...}}: groups by the
 * {@code _id} expression (missing counts as null) and accumulates each field. Groups come out in
 * order of first appearance.
 */
final class GroupStage implements StageParser {

  private record Field(String name, Supplier<Accumulator> accumulator, FieldExpression argument) {}

  @Override
  public String name() {
    return "$group";
  }

  @Override
  public Stage parse(BsonValue specification) {
    BsonDocument spec = StageSpecs.document(name(), specification);
    if (!spec.containsKey("_id")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15952, "a group specification must include an _id");
    }
    FieldExpression key = FieldExpression.parse(spec.get("_id"));
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
          new Field(entry.getKey(), Accumulator.named(operator), FieldExpression.parse(argument)));
    }
    return input -> {
      Map<BsonValue, List<Accumulator>> groups = new TreeMap<>(BsonComparisonOrder.INSTANCE);
      Map<BsonValue, Integer> order = new LinkedHashMap<>();
      while (input.hasNext()) {
        BsonDocument document = input.next();
        BsonValue id = key.evaluate(document);
        BsonValue groupId = id == null ? BsonNull.VALUE : id;
        List<Accumulator> accumulators =
            groups.computeIfAbsent(
                groupId,
                k -> {
                  order.put(k, order.size());
                  List<Accumulator> fresh = new ArrayList<>();
                  fields.forEach(f -> fresh.add(f.accumulator().get()));
                  return fresh;
                });
        for (int i = 0; i < fields.size(); i++) {
          accumulators.get(i).add(fields.get(i).argument().evaluate(document));
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
    };
  }
}
