package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.order.BsonComparisonOrder;
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
 * appearance. Counts the approximate bytes it holds (keys and {@link Accumulator#approximateBytes
 * accumulator state}), so that the stage can keep to its memory limit. Not thread-safe.
 */
public final class GroupTable {
  // A hash map entry, the key object and the accumulators' array.
  private static final long GROUP_BYTES = 96;

  private final List<AccumulatedField> fields;
  private final BsonComparisonOrder order;
  private final Map<GroupKey, Accumulator[]> groups = new LinkedHashMap<>();
  private long bytes;

  /** One group: its key as first seen and its accumulators, in field order. */
  public record Group(BsonValue key, Accumulator[] accumulators) {}

  /** A table accumulating {@code fields} per group, keys compared under the simple collation. */
  public GroupTable(List<AccumulatedField> fields) {
    this(fields, BsonComparisonOrder.INSTANCE);
  }

  /**
   * A table accumulating {@code fields} per group, keys equal when {@code order} (the command's
   * collation) finds them equal.
   */
  public GroupTable(List<AccumulatedField> fields, BsonComparisonOrder order) {
    this.fields = List.copyOf(fields);
    this.order = order;
  }

  /**
   * Accumulates the current document of {@code variables} into the group of {@code key} (missing
   * groups with null).
   */
  public void add(BsonValue key, Variables variables) {
    add(key, inputs(variables), variables);
  }

  /**
   * Accumulates {@code inputs} (one per field, as {@link #inputs} evaluated them) into the group of
   * {@code key}; {@code variables} serve to start a new group.
   */
  public void add(BsonValue key, BsonValue[] inputs, Variables variables) {
    GroupKey groupKey = GroupKey.of(key == null ? BsonNull.VALUE : key, order);
    Accumulator[] accumulators = groups.get(groupKey);
    if (accumulators == null) {
      accumulators = fresh(groupKey.value(), variables);
      groups.put(groupKey, accumulators);
      bytes += GROUP_BYTES + BsonMemory.of(groupKey.value()) + bytesOf(accumulators);
    }
    bytes += accumulate(accumulators, inputs);
  }

  /** The value of each field's input over the current document of {@code variables}. */
  public BsonValue[] inputs(Variables variables) {
    BsonValue[] inputs = new BsonValue[fields.size()];
    for (int i = 0; i < inputs.length; i++) {
      inputs[i] = fields.get(i).accumulator().input().evaluate(variables);
    }
    return inputs;
  }

  /**
   * Accumulates {@code inputs} into {@code accumulators}.
   *
   * @return by how many bytes their state grew
   */
  public static long accumulate(Accumulator[] accumulators, BsonValue[] inputs) {
    long before = bytesOf(accumulators);
    for (int i = 0; i < accumulators.length; i++) {
      accumulators[i].accumulate(inputs[i]);
    }
    return bytesOf(accumulators) - before;
  }

  private static long bytesOf(Accumulator[] accumulators) {
    long total = 0;
    for (Accumulator accumulator : accumulators) {
      total += accumulator.approximateBytes();
    }
    return total;
  }

  /**
   * Adds the groups of {@code other}, a table of the same fields that saw later inputs (a part of
   * the same input read elsewhere): a key both hold merges its accumulators, this table's inputs
   * first; a key only {@code other} holds joins after this table's keys, in {@code other}'s order.
   * The result is the table one pass over both inputs in order would have built. {@code other} must
   * not be used afterwards.
   */
  public void merge(GroupTable other) {
    other.groups.forEach(
        (key, theirs) -> {
          Accumulator[] mine = groups.get(key);
          if (mine == null) {
            groups.put(key, theirs);
            bytes += GROUP_BYTES + BsonMemory.of(key.value()) + bytesOf(theirs);
          } else {
            long before = bytesOf(mine);
            for (int i = 0; i < mine.length; i++) {
              mine[i].merge(theirs[i]);
            }
            bytes += bytesOf(mine) - before;
          }
        });
  }

  /** The approximate heap bytes of the groups held. */
  public long approximateBytes() {
    return bytes;
  }

  /** Whether no document came. */
  public boolean isEmpty() {
    return groups.isEmpty();
  }

  /** Fresh state for the group of {@code key} (what an {@code n} that reads the key needs). */
  public Accumulator[] fresh(BsonValue key, Variables variables) {
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

  /** The groups, in order of first appearance. */
  public List<Group> groups() {
    List<Group> out = new ArrayList<>(groups.size());
    groups.forEach((key, accumulators) -> out.add(new Group(key.value(), accumulators)));
    return out;
  }

  /** Forgets every group. */
  public void clear() {
    groups.clear();
    bytes = 0;
  }

  /** One document per group, {@code {_id: <key>, <field>: <result>, ...}}, in order. */
  public List<BsonDocument> results() {
    List<BsonDocument> out = new ArrayList<>(groups.size());
    groups.forEach((key, accumulators) -> out.add(document(key.value(), accumulators)));
    return out;
  }

  /** {@code {_id: id, <field>: <result>...}}, a missing result as null. */
  public BsonDocument document(BsonValue id, Accumulator[] accumulators) {
    return document(id, accumulators, fields);
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
