package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.accumulator.ConstantValue;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.BsonTypeBracket;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $bucket: {groupBy, boundaries, default, output}}: MongoDB's {@code $group} whose key is
 * the lower boundary of the bucket {@code [boundaries[i], boundaries[i+1])} holding the {@code
 * groupBy} value (or {@code default} for any other value; with no default such a value fails with
 * 40066), then {@code $sort} by {@code _id}. Without {@code output} each bucket counts its
 * documents in {@code count}.
 *
 * @param specification the stage as written
 * @param groupBy the value to bucket
 * @param boundaries the constant boundaries, ascending, of one type class
 * @param defaultBucket the {@code _id} of the default bucket, if any
 * @param fields the accumulated output fields
 * @param order the order boundaries and values compare in (the command's collation: string
 *     boundaries are checked, and values bucketed, by it)
 */
record BucketStage(
    BsonDocument specification,
    Expression groupBy,
    List<BsonValue> boundaries,
    Optional<BsonValue> defaultBucket,
    List<AccumulatedField> fields,
    BsonComparisonOrder order)
    implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40201,
          "Argument to $bucket stage must be an object, but found type: "
              + BsonTypeNames.of(specification)
              + ".");
    }
    Expression groupBy = null;
    List<BsonValue> boundaries = new ArrayList<>();
    Optional<BsonValue> defaultBucket = Optional.empty();
    BsonDocument output = null;
    for (Map.Entry<String, BsonValue> argument : specification.asDocument().entrySet()) {
      BsonValue value = argument.getValue();
      switch (argument.getKey()) {
        case "groupBy" -> groupBy = groupBy(value, context);
        case "boundaries" -> boundaries = boundaries(value, context);
        case "default" -> defaultBucket = Optional.of(defaultBucket(value, context));
        case "output" -> {
          if (!value.isDocument()) {
            throw new MongoLakeException(
                ErrorCode.LOCATION_40196,
                "The $bucket 'output' field must be an object, but found type: "
                    + BsonTypeNames.of(value)
                    + ".");
          }
          output = value.asDocument();
        }
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_40197,
                "Unrecognized option to $bucket: " + argument.getKey() + ".");
      }
    }
    if (groupBy == null || boundaries.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40198, "$bucket requires 'groupBy' and 'boundaries' to be specified.");
    }
    if (defaultBucket.isPresent()) {
      checkDefault(defaultBucket.get(), boundaries, context.order());
    }
    // As MongoDB's $group made of the $bucket, the output parses after the bucket's checks.
    List<AccumulatedField> fields = new ArrayList<>();
    BsonDocument accumulators = output == null ? BsonDocument.parse("{count: {$sum: 1}}") : output;
    for (Map.Entry<String, BsonValue> field : accumulators.entrySet()) {
      fields.add(AccumulatedField.parse(field.getKey(), field.getValue(), context.scope()));
    }
    return new BucketStage(
        specification.asDocument(),
        groupBy,
        List.copyOf(boundaries),
        defaultBucket,
        List.copyOf(fields),
        context.order());
  }

  private static Expression groupBy(BsonValue value, PipelineContext context) {
    boolean expressionObject =
        value.isDocument()
            && !value.asDocument().isEmpty()
            && value.asDocument().getFirstKey().startsWith("$");
    boolean path = value.isString() && value.asString().getValue().startsWith("$");
    if (!expressionObject && !path) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40202,
          "The $bucket 'groupBy' field must be defined as a $-prefixed path or an expression, but"
              + " found: "
              + BsonDebugText.value(value)
              + ".");
    }
    return ExpressionParser.parse(value, context.scope());
  }

  private static List<BsonValue> boundaries(BsonValue value, PipelineContext context) {
    if (!value.isArray()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40200,
          "The $bucket 'boundaries' field must be an array, but found type: "
              + BsonTypeNames.of(value)
              + ".");
    }
    List<BsonValue> boundaries = new ArrayList<>();
    for (BsonValue element : value.asArray()) {
      Expression parsed = ExpressionParser.parse(element, context.scope());
      BsonValue constant = ConstantValue.of(parsed).orElse(null);
      if (constant == null) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40191,
            "The $bucket 'boundaries' field must be an array of constant values, but found value: "
                + BsonDebugText.value(element)
                + ".");
      }
      boundaries.add(constant);
    }
    if (boundaries.size() < 2) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40192,
          "The $bucket 'boundaries' field must have at least 2 values, but found "
              + boundaries.size()
              + " value(s).");
    }
    for (int i = 1; i < boundaries.size(); i++) {
      BsonValue lower = boundaries.get(i - 1);
      BsonValue upper = boundaries.get(i);
      if (!BsonComparisonOrder.sameBracket(lower, upper)) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40193,
            "All values in the the 'boundaries' option to $bucket must have the same type. Found"
                + " conflicting types "
                + BsonTypeNames.of(lower)
                + " and "
                + BsonTypeNames.of(upper)
                + ".");
      }
      if (context.order().compare(lower, upper) >= 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40194,
            "The 'boundaries' option to $bucket must be sorted, but elements "
                + (i - 1)
                + " and "
                + i
                + " are not in ascending order ("
                + BsonDebugText.value(lower)
                + " is not less than "
                + BsonDebugText.value(upper)
                + ").");
      }
    }
    return boundaries;
  }

  private static BsonValue defaultBucket(BsonValue value, PipelineContext context) {
    Expression parsed = ExpressionParser.parse(value, context.scope());
    BsonValue constant = ConstantValue.of(parsed).orElse(null);
    if (constant == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40195,
          "The $bucket 'default' field must be a constant expression, but found: "
              + BsonDebugText.value(value)
              + ".");
    }
    return constant;
  }

  /** A default of the boundaries' type class must lie outside them. */
  private static void checkDefault(
      BsonValue defaultBucket, List<BsonValue> boundaries, Comparator<BsonValue> order) {
    BsonTypeBracket bracket = BsonComparisonOrder.bracketOf(boundaries.getFirst());
    if (BsonComparisonOrder.bracketOf(defaultBucket) != bracket) {
      return;
    }
    if (order.compare(defaultBucket, boundaries.getFirst()) >= 0
        && order.compare(defaultBucket, boundaries.getLast()) < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40199,
          "The $bucket 'default' field must be less than the lowest boundary or greater than or"
              + " equal to the highest boundary.");
    }
  }

  @Override
  public String name() {
    return "$bucket";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    // MongoDB runs $bucket as a $group: the memory error names that.
    SpillableGroupTable buckets = new SpillableGroupTable("$group", fields, context, variables);
    while (input.hasNext()) {
      variables.setDocument(input.next());
      buckets.add(bucketOf(groupBy.evaluate(variables)), variables);
    }
    // At most one bucket per boundary and the default: few documents to sort.
    List<BsonDocument> out = new ArrayList<>();
    buckets.results().forEachRemaining(out::add);
    out.sort(Comparator.comparing(document -> document.get("_id"), order));
    return out.iterator();
  }

  /** The lower boundary of the bucket holding {@code value}, or the default. */
  private BsonValue bucketOf(BsonValue value) {
    if (value != null) {
      // The last boundary not above the value, by binary search over the ascending boundaries.
      int low = 0;
      int high = boundaries.size() - 1;
      while (low < high) {
        int middle = (low + high + 1) >>> 1;
        if (order.compare(boundaries.get(middle), value) <= 0) {
          low = middle;
        } else {
          high = middle - 1;
        }
      }
      if (low < boundaries.size() - 1
          && order.compare(boundaries.get(low), value) <= 0
          && order.compare(value, boundaries.get(low + 1)) < 0) {
        return boundaries.get(low);
      }
    }
    return defaultBucket.orElseThrow(
        () ->
            new MongoLakeException(
                ErrorCode.LOCATION_40066,
                "$switch could not find a matching branch for an input, and no default was"
                    + " specified."));
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
