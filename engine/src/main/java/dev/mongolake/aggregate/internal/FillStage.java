package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.aggregate.internal.window.OutputPath;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * {@code $fill: {partitionBy | partitionByFields, sortBy, output: {<field>: {value: <expr>} |
 * {method: "linear" | "locf"}}}}: as MongoDB, a {@code $setWindowFields} with {@code $linearFill}
 * or {@code $locf} of each method field (so the output is sorted by partition and sortBy), then
 * each value field set to its expression where it is null or missing.
 *
 * @param specification the stage as written
 * @param window the {@code $setWindowFields} of the method fields, or null when there are none
 * @param values the value fields, in order
 */
record FillStage(BsonDocument specification, PipelineStage window, List<ValueFill> values)
    implements PipelineStage {

  private static final String NAME = "$fill";

  /** A field filled with an expression's value where it is nullish. */
  record ValueFill(String path, Expression current, Expression value) {}

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "The $fill stage specification must be an object, found "
              + BsonTypeNames.of(specification));
    }
    BsonDocument spec = specification.asDocument();
    for (String key : spec.keySet()) {
      if (!List.of("partitionBy", "partitionByFields", "sortBy", "output").contains(key)) {
        throw unknown("$fill." + key);
      }
    }
    if (!spec.containsKey("output")) {
      throw new MongoLakeException(
          ErrorCode.IDL_MISSING_FIELD, "BSON field '$fill.output' is missing but a required field");
    }
    BsonDocument output = typed(spec, "output", "object").asDocument();
    if (output.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_6050203,
          "The output field in '$fill' must contain an object with at least one element");
    }
    BsonDocument windowOutput = new BsonDocument();
    List<ValueFill> values = new ArrayList<>();
    for (Map.Entry<String, BsonValue> field : output.entrySet()) {
      String name = field.getKey();
      if (!field.getValue().isDocument()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_6050200,
            "Each fill output specification must be an object with exactly one field");
      }
      BsonDocument fill = field.getValue().asDocument();
      for (String key : fill.keySet()) {
        if (!key.equals("method") && !key.equals("value")) {
          throw unknown("$fill." + key);
        }
      }
      if (fill.containsKey("method")) {
        if (fill.containsKey("value")) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_6050201,
              "Each fill output specification must have exactly one of 'method' or 'value'"
                  + " fields, not both");
        }
        String method = typed(fill, "method", "string").asString().getValue();
        if (!method.equals("locf") && !method.equals("linear")) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_6050202, "Method must be either locf or linear");
        }
        windowOutput.put(
            name,
            new BsonDocument(
                method.equals("linear") ? "$linearFill" : "$locf", new BsonString("$" + name)));
      }
      if (fill.containsKey("value")) {
        values.add(
            new ValueFill(
                name,
                ExpressionParser.parse(new BsonString("$" + name), context.scope()),
                ExpressionParser.parse(fill.get("value"), context.scope())));
      }
    }
    PipelineStage window = null;
    if (!windowOutput.isEmpty()) {
      window = SetWindowFieldsStage.parse(windowSpecification(spec, windowOutput), context);
    } else {
      windowSpecification(spec, windowOutput); // the same checks of partitionBy
    }
    return new FillStage(spec, window, values);
  }

  private static BsonDocument windowSpecification(BsonDocument spec, BsonDocument output) {
    BsonDocument window = new BsonDocument();
    if (spec.containsKey("sortBy")) {
      window.put("sortBy", typed(spec, "sortBy", "object"));
    }
    if (spec.containsKey("partitionBy")) {
      if (spec.containsKey("partitionByFields")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_6050204,
            "Maximum one of 'partitionBy' and 'partitionByFields can be specified in '$fill'");
      }
      BsonValue partitionBy = spec.get("partitionBy");
      if (!partitionBy.isString() && !partitionBy.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field '$fill.partitionBy' is the wrong type '"
                + BsonTypeNames.of(partitionBy)
                + "', expected types '[string, object]'");
      }
      window.put("partitionBy", partitionBy);
    }
    if (spec.containsKey("partitionByFields")) {
      BsonArray fields = typed(spec, "partitionByFields", "array").asArray();
      BsonDocument partitionBy = new BsonDocument();
      for (BsonValue field : fields) {
        if (!field.isString()) {
          throw new MongoLakeException(
              ErrorCode.TYPE_MISMATCH,
              "BSON field '$fill.partitionByFields' is the wrong type '"
                  + BsonTypeNames.of(field)
                  + "', expected type 'string'");
        }
        String name = field.asString().getValue();
        partitionBy.put(name, new BsonString("$" + name));
      }
      window.put("partitionBy", partitionBy);
    }
    window.put("output", output);
    return window;
  }

  private static BsonValue typed(BsonDocument spec, String field, String type) {
    BsonValue value = spec.get(field);
    boolean matches =
        switch (type) {
          case "object" -> value.isDocument();
          case "array" -> value.isArray();
          default -> value.isString();
        };
    if (!matches) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '$fill."
              + field
              + "' is the wrong type '"
              + BsonTypeNames.of(value)
              + "', expected type '"
              + type
              + "'");
    }
    return value;
  }

  private static MongoLakeException unknown(String field) {
    return new MongoLakeException(
        ErrorCode.IDL_UNKNOWN_FIELD, "BSON field '" + field + "' is an unknown field.");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Iterator<BsonDocument> filled = window == null ? input : window.apply(input, context);
    if (values.isEmpty()) {
      return filled;
    }
    Variables variables = context.newVariables();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return filled.hasNext();
      }

      @Override
      public BsonDocument next() {
        BsonDocument document = filled.next();
        BsonDocument out = document;
        for (ValueFill fill : values) {
          // Every value reads the document as it came in, as $addFields evaluates its fields.
          variables.setDocument(document);
          BsonValue current = fill.current().evaluate(variables);
          if (current == null || current.isNull()) {
            BsonValue value = fill.value().evaluate(variables);
            if (value != null) {
              out = OutputPath.with(out, fill.path(), value);
            }
          }
        }
        return out;
      }
    };
  }

  @Override
  public boolean isBlocking() {
    return window != null;
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(NAME, specification);
  }
}
