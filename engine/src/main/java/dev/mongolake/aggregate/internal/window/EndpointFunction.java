package dev.mongolake.aggregate.internal.window;

import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $first} / {@code $last} in a window: the expression on the window's first or last
 * document, as MongoDB computes them there (unlike the {@code $group} accumulators, a missing value
 * stays missing, so the output field is left out); null for an empty window.
 *
 * @param specification the function as written
 * @param first whether this is {@code $first}
 * @param input the expression
 * @param bounds the window
 */
record EndpointFunction(
    BsonDocument specification, boolean first, Expression input, WindowBounds bounds)
    implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    WindowBounds bounds =
        WindowSpecs.bounds(name, specification, sortBy, scope, WindowBounds.WHOLE_PARTITION);
    Expression input = ExpressionParser.parse(specification.get(name), scope);
    return new EndpointFunction(specification, name.equals("$first"), input, bounds);
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    BsonValue[] values = partition.evaluate(input);
    WindowBounds.Frames frames = bounds.frames(partition.size(), partition.sortValues());
    BsonValue[] out = new BsonValue[values.length];
    for (int i = 0; i < values.length; i++) {
      int from = frames.from()[i];
      int to = frames.to()[i];
      out[i] = from > to ? BsonNull.VALUE : AccumulatorWindow.copy(values[first ? from : to]);
    }
    return out;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    input.addDependencies(dependencies);
  }

  @Override
  public BsonDocument explain() {
    return specification;
  }
}
