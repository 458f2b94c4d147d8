package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.ExpressionValues;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.bson.DecimalValues;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * {@code $bucketAuto: {groupBy, buckets, output, granularity}}: sorts the documents by {@code
 * groupBy} and cuts them into at most {@code buckets} buckets of about equal size, equal values
 * never split, each {@code {_id: {min, max}, ...}} ({@code min} inclusive, {@code max} exclusive
 * but for the last bucket). A {@code granularity} rounds the boundaries to a preferred-number
 * series or to powers of two. Without {@code output} each bucket counts its documents in {@code
 * count}. The algorithm is MongoDB's, step for step, so the same input gives the same buckets. The
 * sort keeps to the stage's memory limit as {@code $sort}'s does (spilling with {@code
 * allowDiskUse}, failing with QueryExceededMemoryLimitNoDiskUseAllowed without); each bucket's
 * documents are then held while it accumulates.
 *
 * @param specification the stage as written
 * @param groupBy the value to bucket by
 * @param buckets how many buckets at most
 * @param fields the accumulated output fields
 * @param rounder the granularity, if any
 */
record BucketAutoStage(
    BsonDocument specification,
    Expression groupBy,
    int buckets,
    List<AccumulatedField> fields,
    Optional<GranularityRounder> rounder)
    implements PipelineStage {

  /** Rows {@code {k: <groupBy>, i: <position>, d: <document>}} by key (stable: by position). */
  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40240,
          "The argument to $bucketAuto must be an object, but found type: "
              + BsonTypeNames.of(specification));
    }
    Expression groupBy = null;
    Integer buckets = null;
    List<AccumulatedField> fields = new ArrayList<>();
    Optional<GranularityRounder> rounder = Optional.empty();
    for (Map.Entry<String, BsonValue> argument : specification.asDocument().entrySet()) {
      BsonValue value = argument.getValue();
      switch (argument.getKey()) {
        case "groupBy" -> groupBy = groupBy(value, context);
        case "buckets" -> buckets = buckets(value);
        case "output" -> {
          if (!value.isDocument()) {
            throw new MongoLakeException(
                ErrorCode.LOCATION_40244,
                "The $bucketAuto 'output' field must be an object, but found type: "
                    + BsonTypeNames.of(value));
          }
          for (Map.Entry<String, BsonValue> field : value.asDocument().entrySet()) {
            AccumulatedField parsed =
                AccumulatedField.parse(field.getKey(), field.getValue(), context.scope());
            if (parsed.accumulator().groupStart().isPresent()) {
              throw new MongoLakeException(
                  ErrorCode.LOCATION_4544714, "Can't refer to the group key in $bucketAuto");
            }
            fields.add(parsed);
          }
        }
        case "granularity" -> {
          if (!value.isString()) {
            throw new MongoLakeException(
                ErrorCode.LOCATION_40261,
                "The $bucketAuto 'granularity' field must be a string, but found type: "
                    + BsonTypeNames.of(value));
          }
          rounder = Optional.of(GranularityRounder.named(value.asString().getValue()));
        }
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_40245,
                "Unrecognized option to $bucketAuto: " + argument.getKey());
      }
    }
    if (groupBy == null || buckets == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40246, "$bucketAuto requires 'groupBy' and 'buckets' to be specified");
    }
    if (buckets <= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40243,
          "The $bucketAuto 'buckets' field must be greater than 0, but found: " + buckets);
    }
    if (fields.isEmpty()) {
      fields.add(AccumulatedField.parse("count", BsonDocument.parse("{$sum: 1}"), context.scope()));
    }
    return new BucketAutoStage(
        specification.asDocument(), groupBy, buckets, List.copyOf(fields), rounder);
  }

  private static Expression groupBy(BsonValue value, PipelineContext context) {
    boolean expressionObject =
        value.isDocument()
            && !value.asDocument().isEmpty()
            && value.asDocument().getFirstKey().startsWith("$");
    boolean path =
        value.isString()
            && value.asString().getValue().length() > 1
            && value.asString().getValue().startsWith("$");
    if (!expressionObject && !path) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40239,
          "The $bucketAuto 'groupBy' field must be defined as a $-prefixed path or an expression"
              + " object, but found: "
              + BsonDebugText.value(value));
    }
    return ExpressionParser.parse(value, context.scope());
  }

  private static int buckets(BsonValue value) {
    if (!ExpressionValues.isNumber(value)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40241,
          "The $bucketAuto 'buckets' field must be a numeric value, but found type: "
              + BsonTypeNames.of(value));
    }
    double number = asDouble(value);
    if (value.isInt32()) {
      return value.asInt32().getValue();
    }
    if (number != Math.rint(number) || number < Integer.MIN_VALUE || number > Integer.MAX_VALUE) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40242,
          "The $bucketAuto 'buckets' field must be representable as a 32-bit integer, but found "
              + BsonDebugText.value(new BsonDouble(number)));
    }
    return (int) number;
  }

  @Override
  public String name() {
    return "$bucketAuto";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    // MongoDB sorts the documents by groupBy with a sorter under the stage's memory limit, in the
    // command's collation.
    BsonComparisonOrder order = context.order();
    Comparator<BsonDocument> byKey = Comparator.comparing(row -> row.get("k"), order);
    ExternalSort sort =
        new ExternalSort(byKey, context.memoryLimit(), context.spillFiles(), "Sort");
    long position = 0;
    while (input.hasNext()) {
      BsonDocument document = input.next();
      variables.setDocument(document);
      sort.add(
          new BsonDocument("k", key(groupBy.evaluate(variables)))
              .append("i", new BsonInt64(position++))
              .append("d", document));
    }
    Iterator<BsonDocument> rows = sort.sorted();
    Iterator<BucketEntry> sorted =
        new Iterator<>() {
          @Override
          public boolean hasNext() {
            return rows.hasNext();
          }

          @Override
          public BucketEntry next() {
            BsonDocument row = rows.next();
            return new BucketEntry(
                row.get("k"), row.getInt64("i").getValue(), row.getDocument("d"));
          }
        };
    return new BucketCutter(sorted, position, buckets, rounder, fields, variables, order)
        .cut()
        .iterator();
  }

  private BsonValue key(BsonValue key) {
    if (rounder.isPresent()) {
      if (!ExpressionValues.isNumber(key)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40258,
            "$bucketAuto can specify a 'granularity' with numeric boundaries only, but found a"
                + " value with type: "
                + (key == null ? "missing" : BsonTypeNames.of(key)));
      }
      double number = asDouble(key);
      if (Double.isNaN(number)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40259,
            "$bucketAuto can specify a 'granularity' with numeric boundaries only, but found a"
                + " NaN");
      }
      if (number < 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40260,
            "$bucketAuto can specify a 'granularity' with non-negative numbers only, but found a"
                + " negative number");
      }
    }
    return key == null ? BsonNull.VALUE : key;
  }

  /** MongoDB's coerceToDouble of a number. */
  static double asDouble(BsonValue number) {
    if (number.isDecimal128()) {
      Decimal128 decimal = number.asDecimal128().getValue();
      if (decimal.isNaN()) {
        return Double.NaN;
      }
      if (decimal.isInfinite()) {
        return decimal.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      }
      return DecimalValues.finite(decimal).doubleValue();
    }
    return number.asNumber().doubleValue();
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    groupBy.addDependencies(dependencies);
    fields.forEach(field -> field.accumulator().input().addDependencies(dependencies));
  }

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public boolean dependenciesAreExhaustive() {
    return true;
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
