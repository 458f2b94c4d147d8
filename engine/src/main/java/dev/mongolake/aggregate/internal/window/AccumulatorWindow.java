package dev.mongolake.aggregate.internal.window;

import dev.mongolake.aggregate.internal.accumulator.Accumulator;
import dev.mongolake.aggregate.internal.accumulator.AccumulatorRegistry;
import dev.mongolake.aggregate.internal.accumulator.AccumulatorSpec;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * An accumulator of the registry ({@code $sum}, {@code $push}, ...) over each document's window. A
 * window that only grows (from the partition's start) accumulates each document once; a sliding
 * window removes what leaves it when the accumulator can, and otherwise accumulates the window
 * afresh for each document (correct first, fast where the accumulator allows).
 *
 * @param specification the function as written
 * @param accumulator the parsed accumulator
 * @param bounds the window
 */
record AccumulatorWindow(
    BsonDocument specification, AccumulatorSpec accumulator, WindowBounds bounds)
    implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    WindowBounds bounds =
        WindowSpecs.bounds(name, specification, sortBy, scope, WindowBounds.WHOLE_PARTITION);
    BsonValue argument = specification.get(name);
    String operator = name;
    if (name.equals("$count")) {
      if (!argument.isDocument() || !argument.asDocument().isEmpty()) {
        throw WindowSpecs.failed("$count only accepts an empty object as input");
      }
      operator = "$sum";
      argument = new org.bson.BsonInt32(1);
    }
    AccumulatorSpec parsed = AccumulatorRegistry.instance().parse(operator, argument, scope);
    return new AccumulatorWindow(specification, parsed, bounds);
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    int size = partition.size();
    BsonValue[] inputs = partition.evaluate(accumulator.input());
    WindowBounds.Frames frames = bounds.frames(size, partition.sortValues());
    int[] from = frames.from();
    int[] to = frames.to();
    BsonValue[] out = new BsonValue[size];
    // The window's state may need more than the group's to take values back ($min's multiset).
    Accumulator state = accumulator.windowFactory().get();
    if (frames.anchoredAtStart() || state.removable()) {
      // Windows only move forward: take back what left, add what entered.
      int low = 0; // the oldest input in the state
      int high = 0; // one past the newest
      for (int i = 0; i < size; i++) {
        while (low < high && low < from[i]) {
          state.remove(inputs[low++]);
        }
        if (low == high && low < from[i]) {
          low = from[i];
          high = from[i];
        }
        while (high <= to[i]) {
          state.accumulate(inputs[high++]);
        }
        out[i] = copy(low < high ? state.result() : accumulator.factory().get().result());
      }
      return out;
    }
    for (int i = 0; i < size; i++) {
      Accumulator fresh = accumulator.factory().get();
      for (int j = from[i]; j <= to[i]; j++) {
        fresh.accumulate(inputs[j]);
      }
      out[i] = copy(fresh.result());
    }
    return out;
  }

  /**
   * A result of its own per document (later stages may change one document's arrays); missing stays
   * missing.
   */
  static BsonValue copy(BsonValue value) {
    if (value == null) {
      return null;
    }
    if (value.isDocument()) {
      return value.asDocument().clone();
    }
    return value.isArray() ? value.asArray().clone() : value;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    accumulator.input().addDependencies(dependencies);
  }

  @Override
  public BsonDocument explain() {
    return specification;
  }
}
