package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $zip: {inputs: [...], useLongestLength: bool, defaults: [...]}}: transposes arrays, row i
 * holding element i of each input. Without {@code useLongestLength} the output is as long as the
 * shortest input; with it, as the longest, the shorter ones padded with their default (null unless
 * {@code defaults} says). A null or missing input answers null.
 */
final class ArrayZip {

  private ArrayZip() {}

  static void register(OperatorRegistry.Builder registry) {
    registry.operator("$zip", ArrayZip::parse);
  }

  private static Expression parse(String name, BsonValue arguments, VariableScope scope) {
    if (!(arguments instanceof BsonDocument spec)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34460,
          "$zip only supports an object as an argument, found " + BsonTypeNames.of(arguments));
    }
    List<Expression> inputs = new ArrayList<>();
    List<Expression> defaults = new ArrayList<>();
    boolean useLongestLength = false;
    for (Map.Entry<String, BsonValue> field : spec.entrySet()) {
      BsonValue value = field.getValue();
      switch (field.getKey()) {
        case "inputs" -> {
          if (!(value instanceof BsonArray array)) {
            throw new MongoLakeException(
                ErrorCode.LOCATION_34461,
                "inputs must be an array of expressions, found " + BsonTypeNames.of(value));
          }
          array.forEach(element -> inputs.add(ExpressionParser.parse(element, scope)));
        }
        case "defaults" -> {
          if (!(value instanceof BsonArray array)) {
            throw new MongoLakeException(
                ErrorCode.LOCATION_34462,
                "defaults must be an array of expressions, found " + BsonTypeNames.of(value));
          }
          array.forEach(element -> defaults.add(ExpressionParser.parse(element, scope)));
        }
        case "useLongestLength" -> {
          if (!value.isBoolean()) {
            // MongoDB names the type of the whole $zip argument here, which is always object.
            throw new MongoLakeException(
                ErrorCode.LOCATION_34463, "useLongestLength must be a bool, found object");
          }
          useLongestLength = value.asBoolean().getValue();
        }
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_34464, "$zip found an unknown argument: " + field.getKey());
      }
    }
    if (inputs.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34465, "$zip requires at least one input array");
    }
    if (!useLongestLength && !defaults.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34466, "cannot specify defaults unless useLongestLength is true");
    }
    if (!defaults.isEmpty() && defaults.size() != inputs.size()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_34467, "defaults and inputs must have the same length");
    }
    return new Zip(inputs, defaults, useLongestLength);
  }

  /** A parsed {@code $zip}. */
  private record Zip(List<Expression> inputs, List<Expression> defaults, boolean useLongestLength)
      implements EvaluatedPerDocument {

    @Override
    public BsonValue evaluate(Variables variables) {
      List<BsonArray> arrays = new ArrayList<>(inputs.size());
      int shortest = Integer.MAX_VALUE;
      int longest = 0;
      for (Expression input : inputs) {
        BsonValue value = input.evaluate(variables);
        if (ExpressionValues.isNullish(value)) {
          return BsonNull.VALUE;
        }
        if (!(value instanceof BsonArray array)) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_34468,
              "$zip found a non-array expression in input: " + ValueText.of(value));
        }
        arrays.add(array);
        shortest = Math.min(shortest, array.size());
        longest = Math.max(longest, array.size());
      }
      List<BsonValue> padding = new ArrayList<>(inputs.size());
      for (int i = 0; i < inputs.size(); i++) {
        // Defaults are evaluated only when some input is shorter, as in MongoDB.
        padding.add(
            shortest != longest && !defaults.isEmpty()
                ? defaults.get(i).evaluate(variables)
                : BsonNull.VALUE);
      }
      int length = useLongestLength ? longest : shortest;
      List<BsonValue> rows = new ArrayList<>(length);
      for (int row = 0; row < length; row++) {
        List<BsonValue> cells = new ArrayList<>(arrays.size());
        for (int column = 0; column < arrays.size(); column++) {
          BsonArray array = arrays.get(column);
          BsonValue cell = row < array.size() ? array.get(row) : padding.get(column);
          // A missing default is left out of its row, as MongoDB's arrays drop missing values.
          if (cell != null) {
            cells.add(cell);
          }
        }
        rows.add(new BsonArray(cells));
      }
      return new BsonArray(rows);
    }

    @Override
    public List<Expression> children() {
      List<Expression> all = new ArrayList<>(inputs);
      all.addAll(defaults);
      return all;
    }
  }
}
