package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $covariancePop} / {@code $covarianceSamp: [x, y]}: the covariance of the pairs of numbers
 * in each window (pairs that are not two numbers are skipped); a Double, null without enough pairs
 * (one for the population, two for the sample).
 *
 * @param specification the function as written
 * @param sample whether this is the sample covariance
 * @param input the expression giving each document's pair
 * @param bounds the window
 */
record Covariance(BsonDocument specification, boolean sample, Expression input, WindowBounds bounds)
    implements WindowFunction {

  static WindowFunction parse(
      String name, BsonDocument specification, SortBy sortBy, VariableScope scope) {
    WindowBounds bounds =
        WindowSpecs.bounds(name, specification, sortBy, scope, WindowBounds.WHOLE_PARTITION);
    Expression input = ExpressionParser.parse(specification.get(name), scope);
    return new Covariance(specification, name.equals("$covarianceSamp"), input, bounds);
  }

  @Override
  public BsonValue[] compute(Partition partition) {
    BsonValue[] pairs = partition.evaluate(input);
    WindowBounds.Frames frames = bounds.frames(partition.size(), partition.sortValues());
    BsonValue[] out = new BsonValue[pairs.length];
    for (int i = 0; i < pairs.length; i++) {
      out[i] = covariance(pairs, frames.from()[i], frames.to()[i]);
    }
    return out;
  }

  private BsonValue covariance(BsonValue[] pairs, int from, int to) {
    long count = 0;
    double meanX = 0;
    double meanY = 0;
    double comoment = 0;
    for (int j = from; j <= to; j++) {
      BsonValue pair = pairs[j];
      if (pair == null
          || !pair.isArray()
          || pair.asArray().size() != 2
          || !WindowArithmetic.isNumber(pair.asArray().get(0))
          || !WindowArithmetic.isNumber(pair.asArray().get(1))) {
        continue;
      }
      BsonValue first = pair.asArray().get(0);
      BsonValue second = pair.asArray().get(1);
      if (WindowArithmetic.isDecimal(first) || WindowArithmetic.isDecimal(second)) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            (sample ? "$covarianceSamp" : "$covariancePop")
                + " over Decimal128 values is not supported");
      }
      double x = WindowArithmetic.toDouble(first);
      double y = WindowArithmetic.toDouble(second);
      count++;
      double deltaX = x - meanX;
      meanX += deltaX / count;
      meanY += (y - meanY) / count;
      comoment += deltaX * (y - meanY);
    }
    long divisor = sample ? count - 1 : count;
    return divisor <= 0 ? BsonNull.VALUE : new BsonDouble(comoment / divisor);
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
