package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.read.QueryErrors;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Spliterators;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.StreamSupport;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $graphLookup}: a breadth-first search of {@code from} per document. The values of {@code
 * startWith} (an array gives its elements) are matched against {@code connectToField}; each
 * document found adds its {@code connectFromField} values to the next round; the search stops when
 * a round finds nothing new or past {@code maxDepth} rounds. Each document is found once (by {@code
 * _id}), with its round in {@code depthField}; {@code restrictSearchWithMatch} filters every round.
 * Every round is one query through {@code from}'s planner ({@code connectToField: {$in: [...]}}),
 * so an index on it serves the search.
 *
 * @param specification the stage as written
 * @param from the collection searched
 * @param as the output array field
 * @param startWith the first round's values
 * @param connectFromField the path whose values the next round looks for
 * @param connectToField the path rounds match
 * @param depthField where a found document records its round, or {@code null}
 * @param maxDepth the last round (0 is the first), or {@code null} for no limit
 * @param restrict the filter every found document must match, or {@code null}
 */
record GraphLookupStage(
    BsonDocument specification,
    String from,
    String as,
    Expression startWith,
    String connectFromField,
    String connectToField,
    String depthField,
    Long maxDepth,
    BsonDocument restrict)
    implements PipelineStage {

  private static final Set<String> STRING_ARGUMENTS =
      Set.of("from", "as", "connectFromField", "connectToField", "depthField");

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "the $graphLookup stage specification must be an object, but found "
              + BsonTypeNames.of(specification));
    }
    BsonDocument spec = specification.asDocument();
    if (!spec.containsKey("from")) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "missing 'from' option to $graphLookup stage specification: " + StageSpecs.json(spec));
    }
    String from = null;
    String as = null;
    String connectFrom = null;
    String connectTo = null;
    String depthField = null;
    Long maxDepth = null;
    BsonDocument restrict = null;
    Expression startWith = null;
    for (Map.Entry<String, BsonValue> argument : spec.entrySet()) {
      String name = argument.getKey();
      BsonValue value = argument.getValue();
      if (STRING_ARGUMENTS.contains(name) && !value.isString()) {
        if (name.equals("from")) {
          throw new MongoLakeException(
              ErrorCode.FAILED_TO_PARSE,
              "$graphLookup 'from' field must be a string, but found " + BsonTypeNames.of(value));
        }
        throw new MongoLakeException(
            ErrorCode.LOCATION_40103,
            "expected string as argument for " + name + ", found: " + BsonTypeNames.of(value));
      }
      switch (name) {
        case "startWith" -> startWith = ExpressionParser.parse(value, context.scope());
        case "maxDepth" -> maxDepth = maxDepth(value);
        case "restrictSearchWithMatch" -> {
          if (!value.isDocument()) {
            throw new MongoLakeException(
                ErrorCode.LOCATION_40185,
                "restrictSearchWithMatch must be an object, found " + BsonTypeNames.of(value));
          }
          QueryErrors.parseFilter(value.asDocument(), context.collation());
          restrict = value.asDocument();
        }
        case "from" -> from = value.asString().getValue();
        case "as" -> as = value.asString().getValue();
        case "connectFromField" -> connectFrom = value.asString().getValue();
        case "connectToField" -> connectTo = value.asString().getValue();
        case "depthField" -> depthField = value.asString().getValue();
        default ->
            throw new MongoLakeException(
                ErrorCode.LOCATION_40104, "Unknown argument to $graphLookup: " + name);
      }
    }
    if (isEmpty(from)
        || isEmpty(as)
        || startWith == null
        || isEmpty(connectFrom)
        || isEmpty(connectTo)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40105,
          "$graphLookup requires 'from', 'as', 'startWith', 'connectFromField', and"
              + " 'connectToField' to be specified.");
    }
    StageSpecs.fieldPath(as);
    StageSpecs.fieldPath(connectFrom);
    StageSpecs.fieldPath(connectTo);
    if (depthField != null) {
      StageSpecs.fieldPath(depthField);
    }
    return new GraphLookupStage(
        spec, from, as, startWith, connectFrom, connectTo, depthField, maxDepth, restrict);
  }

  private static boolean isEmpty(String value) {
    return value == null || value.isEmpty();
  }

  private static long maxDepth(BsonValue value) {
    if (!value.isNumber() && !value.isDecimal128()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40100,
          "maxDepth must be numeric, found type: " + BsonTypeNames.of(value));
    }
    double number =
        value.isDecimal128()
            ? value.asDecimal128().getValue().bigDecimalValue().doubleValue()
            : value.asNumber().doubleValue();
    long depth = value.isInt32() || value.isInt64() ? value.asNumber().longValue() : (long) number;
    if (depth < 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40101, "maxDepth requires a nonnegative argument, found: " + depth);
    }
    if (!value.isInt32() && !value.isInt64() && depth != number) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40102, "maxDepth could not be represented as a long long: " + depth);
    }
    return depth;
  }

  @Override
  public String name() {
    return "$graphLookup";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    MongoLakeCollection<BsonDocument> foreign =
        ForeignCollections.collection(context, null, from, "$graphLookup");
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
        .map(
            document ->
                DocumentPaths.withValue(
                    document, as, DocumentPaths.array(search(document, foreign, context))))
        .iterator();
  }

  private List<BsonDocument> search(
      BsonDocument document, MongoLakeCollection<BsonDocument> foreign, PipelineContext context) {
    BsonValue start = startWith.evaluate(context.newVariables().setDocument(document));
    // Values, and the _ids that de-duplicate, compare by the pipeline's collation, as in MongoDB.
    BsonComparisonOrder order = context.order();
    Set<BsonValue> frontier = new TreeSet<>(order);
    if (start != null && start.isArray()) {
      frontier.addAll(start.asArray().getValues());
    } else if (start != null) {
      frontier.add(start);
    }
    Set<BsonValue> queried = new TreeSet<>(order);
    Map<BsonValue, BsonDocument> found = new TreeMap<>(order);
    List<BsonDocument> inOrder = new ArrayList<>();
    for (long depth = 0; !frontier.isEmpty() && (maxDepth == null || depth <= maxDepth); depth++) {
      queried.addAll(frontier);
      List<BsonValue> values = new ArrayList<>(frontier);
      BsonDocument query =
          ForeignCollections.and(ForeignCollections.equalToAny(connectToField, values), restrict);
      BsonDocument candidates = CollatedForeignReads.candidatesOfAny(connectToField, values, order);
      Set<BsonValue> next = new TreeSet<>(order);
      for (BsonDocument candidate :
          CollatedForeignReads.findAll(foreign, query, candidates, context)) {
        BsonValue id = candidate.get("_id");
        if (id == null) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_40271,
              "Documents in the '"
                  + context.environment().databaseName()
                  + "."
                  + from
                  + "' namespace must contain an _id for de-duplication in $graphLookup");
        }
        if (found.containsKey(id)) {
          continue;
        }
        BsonDocument result =
            depthField == null
                ? candidate
                : DocumentPaths.withValue(candidate, depthField, new BsonInt64(depth));
        found.put(id, result);
        inOrder.add(result);
        for (BsonValue value : DocumentPaths.valuesAt(candidate, connectFromField)) {
          if (!queried.contains(value)) {
            next.add(value);
          }
        }
      }
      frontier = next;
    }
    return inOrder;
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
