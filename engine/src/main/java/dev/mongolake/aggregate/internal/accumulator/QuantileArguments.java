package dev.mongolake.aggregate.internal.accumulator;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The parsed arguments of {@code $percentile: {input, p, method}} and {@code $median: {input,
 * method}}, as accumulators and as expressions, with MongoDB's errors. Only MongoDB 7's method,
 * {@code "approximate"}, is accepted.
 *
 * @param name {@code $percentile} or {@code $median}
 * @param input the values' expression
 * @param percentiles the {@code p} values ({@code [0.5]} for the median)
 */
public record QuantileArguments(String name, Expression input, List<Double> percentiles) {

  private static final String P_MESSAGE =
      "The $percentile 'p' field must be an array of numbers from [0.0, 1.0], but found: ";

  public QuantileArguments {
    percentiles = List.copyOf(percentiles);
  }

  /** Whether this is {@code $median}, whose value is one number rather than an array. */
  public boolean median() {
    return name.equals("$median");
  }

  /**
   * Parses the arguments.
   *
   * @param notAnObject the code MongoDB answers when {@code specification} is not a document (each
   *     of the four forms has its own)
   */
  public static QuantileArguments parse(
      String name, BsonValue specification, VariableScope scope, ErrorCode notAnObject) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          notAnObject,
          "specification must be an object; found " + BsonDebugText.element(name, specification));
    }
    boolean median = name.equals("$median");
    BsonDocument spec = specification.asDocument();
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      String key = field.getKey();
      if (!key.equals("input") && !key.equals("method") && (median || !key.equals("p"))) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '" + name + "." + key + "' is an unknown field.");
      }
    }
    for (String required : median ? List.of("input", "method") : List.of("input", "p", "method")) {
      if (!spec.containsKey(required)) {
        throw new MongoLakeException(
            ErrorCode.IDL_MISSING_FIELD,
            "BSON field '" + name + "." + required + "' is missing but a required field");
      }
    }
    BsonValue method = spec.get("method");
    if (!method.isString()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '"
              + name
              + ".method' is the wrong type '"
              + BsonTypeNames.of(method)
              + "', expected type 'string'");
    }
    if (!method.asString().getValue().equals("approximate")) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Currently only 'approximate' can be used as percentile 'method'.");
    }
    Expression input = ExpressionParser.parse(spec.get("input"), scope);
    List<Double> percentiles = median ? List.of(0.5) : percentiles(spec.get("p"), scope);
    return new QuantileArguments(name, input, percentiles);
  }

  private static List<Double> percentiles(BsonValue p, VariableScope scope) {
    Expression parsed = ExpressionParser.parse(p, scope);
    if (!parsed.isConstant() && ConstantValue.of(parsed).isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_7750300,
          "The $percentile 'p' field must be an array of constant values, but found value: "
              + BsonDebugText.value(p)
              + ".");
    }
    BsonValue values = ConstantValue.of(parsed).orElse(null);
    if (values == null || !values.isArray() || values.asArray().isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_7750301,
          P_MESSAGE + (values == null ? "MISSING" : BsonDebugText.value(values)));
    }
    List<Double> out = new ArrayList<>();
    for (BsonValue value : values.asArray()) {
      if (!ExpressionValues.isNumber(value)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_7750302, P_MESSAGE + BsonDebugText.value(value));
      }
      double percentile = Numbers.toDouble(value);
      if (!(percentile >= 0 && percentile <= 1)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_7750303,
            P_MESSAGE + BsonDebugText.value(new BsonDouble(percentile)));
      }
      out.add(percentile);
    }
    return out;
  }

  /** The operator's value for computed percentiles (empty when there were no numbers). */
  BsonValue format(List<Double> values) {
    if (median()) {
      return values.isEmpty() ? BsonNull.VALUE : new BsonDouble(values.getFirst());
    }
    return Percentile.percentileArray(values, percentiles.size());
  }

  /**
   * The expression form's value: over the numbers of an array, or a number itself (every percentile
   * of one number is that number); null(s) when there are no numbers.
   */
  public BsonValue evaluateOver(BsonValue value) {
    List<Double> samples = new ArrayList<>();
    if (ExpressionValues.isNumber(value)) {
      samples.add(Numbers.toDouble(value));
    } else if (value != null && value.isArray()) {
      for (BsonValue element : value.asArray()) {
        if (ExpressionValues.isNumber(element)) {
          samples.add(Numbers.toDouble(element));
        }
      }
    }
    return format(Percentile.discrete(samples, percentiles));
  }
}
