package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.Variables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The groups of a {@code $group}-like stage: one set of accumulators per distinct key under
 * MongoDB's equality ({@link GroupKey}), the key kept as first seen, groups in order of first
 * appearance. Not thread-safe.
 */
public final class GroupTable {
  private final List<AccumulatedField> fields;
  private final Map<GroupKey, Accumulator[]> groups = new LinkedHashMap<>();

  /** A table accumulating {@code fields} per group. */
  public GroupTable(List<AccumulatedField> fields) {
    this.fields = List.copyOf(fields);
  }

  /**
   * Accumulates the current document of {@code variables} into the group of {@code key} (missing
   * groups with null).
   */
  public void add(BsonValue key, Variables variables) {
    Accumulator[] accumulators =
        groups.computeIfAbsent(
            GroupKey.of(key == null ? BsonNull.VALUE : key), k -> fresh(k.value(), variables));
    for (int i = 0; i < accumulators.length; i++) {
      accumulators[i].accumulate(fields.get(i).accumulator().input().evaluate(variables));
    }
  }

  private Accumulator[] fresh(BsonValue key, Variables variables) {
    Accumulator[] accumulators = new Accumulator[fields.size()];
    Variables keyVariables = null;
    for (int i = 0; i < accumulators.length; i++) {
      AccumulatorSpec spec = fields.get(i).accumulator();
      if (spec.groupStart().isPresent()) {
        if (keyVariables == null) {
          // The group key is the document an 'n' reads (an empty one unless the key is one).
          keyVariables =
              variables
                  .copy()
                  .setDocument(key.isDocument() ? key.asDocument() : new BsonDocument());
        }
        GroupStart start = spec.groupStart().get();
        accumulators[i] = start.start().apply(start.n().evaluate(keyVariables));
      } else {
        accumulators[i] = spec.factory().get();
      }
    }
    return accumulators;
  }

  /** One document per group, {@code {_id: <key>, <field>: <result>, ...}}, in order. */
  public List<BsonDocument> results() {
    List<BsonDocument> out = new ArrayList<>(groups.size());
    groups.forEach((key, accumulators) -> out.add(document(key.value(), accumulators, fields)));
    return out;
  }

  /** {@code {_id: id, <field>: <result>...}}, a missing result as null. */
  static BsonDocument document(
      BsonValue id, Accumulator[] accumulators, List<AccumulatedField> fields) {
    BsonDocument out = new BsonDocument("_id", id);
    for (int i = 0; i < accumulators.length; i++) {
      BsonValue result = accumulators[i].result();
      out.put(fields.get(i).name(), result == null ? BsonNull.VALUE : result);
    }
    return out;
  }
}
