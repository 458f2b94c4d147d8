package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Constant;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.Filter;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads a projection into a {@link ProjectionNode} tree and decides its kind, with MongoDB's rules:
 * inclusion and exclusion do not mix (except {@code _id}); {@code $elemMatch}, positional {@code $}
 * and computed values make it an inclusion; {@code $slice} alone leaves it an exclusion. For {@code
 * $addFields} every leaf is a computed value (numbers and booleans included).
 */
final class ProjectionParser {

  /** Which projection language the specification is written in. */
  enum Mode {
    /** find's projection: {@code $slice}, {@code $elemMatch} and {@code "a.$"} are its own. */
    FIND,
    /** {@code $project}: those are expressions (or refused), and an empty spec is an error. */
    STAGE,
    /** {@code $addFields}/{@code $set}: only computed fields, every leaf an expression. */
    ADDITION
  }

  private enum Kind {
    UNDECIDED,
    INCLUSION,
    EXCLUSION
  }

  private final Mode mode;
  private final BsonDocument spec;
  private final boolean findOperators;
  private final VariableScope scope;
  private final ProjectionNode root = new ProjectionNode();
  private Kind kind = Kind.UNDECIDED;
  private Boolean includeId;
  private boolean idPathProjected;
  private boolean positional;
  private boolean explicitIdInclusion;

  private ProjectionParser(Mode mode, BsonDocument spec, VariableScope scope) {
    this.mode = mode;
    this.spec = spec;
    this.findOperators = mode == Mode.FIND;
    this.scope = scope;
  }

  /**
   * @param mode the projection language
   * @param scope the variables the computed fields may read (the command's {@code let})
   */
  static ParsedProjection parse(BsonDocument spec, Mode mode, VariableScope scope) {
    if (mode == Mode.STAGE && spec.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51272, "projection specification must have at least one field");
    }
    ProjectionParser parser = new ProjectionParser(mode, spec, scope);
    Deque<Map.Entry<String, BsonValue>> entries = new ArrayDeque<>(spec.entrySet());
    while (!entries.isEmpty()) {
      Map.Entry<String, BsonValue> entry = entries.removeFirst();
      parser.entry(entry.getKey(), entry.getValue(), entries);
    }
    boolean inclusion =
        switch (parser.kind) {
          case INCLUSION -> true;
          case EXCLUSION -> false;
          // {_id: 1} alone keeps only _id; {_id: 0} or only $slice keeps everything else.
          case UNDECIDED -> parser.explicitIdInclusion;
        };
    boolean includeId = parser.includeId == null ? !parser.idPathProjected : parser.includeId;
    return new ParsedProjection(parser.root, inclusion, includeId, parser.positional);
  }

  record ParsedProjection(
      ProjectionNode root, boolean inclusion, boolean includeId, boolean positional) {}

  private void entry(String path, BsonValue value, Deque<Map.Entry<String, BsonValue>> pending) {
    if (!findOperators && (path.endsWith(".$") || path.equals("$"))) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31324, "Cannot use positional projection in aggregation projection");
    }
    checkPath(path);
    if (path.contains(".$.")) {
      throw positionalInTheMiddle();
    }
    if (findOperators && path.endsWith(".$")) {
      positional(path, value);
      return;
    }
    if (mode == Mode.ADDITION && value instanceof BsonDocument empty && empty.isEmpty()) {
      // {$addFields: {a: {}}} sets a to an empty document.
      computed(path, new Constant(empty), value);
      return;
    }
    if (value instanceof BsonDocument document) {
      if (document.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_51270,
            "An empty sub-projection is not a valid value. Found empty object at path");
      }
      if (document.size() == 1 && document.getFirstKey().startsWith("$")) {
        operator(path, document);
      } else {
        if (mode == Mode.ADDITION) {
          checkNotAnOperatorWithOtherFields(document);
        }
        // {a: {b: 1}} means {"a.b": 1}; handled in order, before the next top-level entry.
        List<Map.Entry<String, BsonValue>> nested =
            document.entrySet().stream()
                .map(e -> Map.entry(path + "." + e.getKey(), e.getValue()))
                .toList();
        for (int i = nested.size() - 1; i >= 0; i--) {
          pending.addFirst(nested.get(i));
        }
      }
      return;
    }
    if (mode != Mode.ADDITION && (value.isNumber() || value.isBoolean())) {
      boolean include = isTruthy(value);
      if (path.equals("_id")) {
        includeId = include;
        explicitIdInclusion = include;
        return;
      }
      decide(include ? Kind.INCLUSION : Kind.EXCLUSION, path);
      add(path, include ? new FieldProjection.Include() : new FieldProjection.Exclude());
      return;
    }
    computed(path, ExpressionParser.parse(value, scope), value);
  }

  /**
   * {@code $addFields} checks that no sub-document mixes an operator with other fields before it
   * parses (MongoDB's 40181); {@code $project} reads such a document as nested paths, whose {@code
   * $} field name fails as a field path, as MongoDB's projection parser does.
   */
  private void checkNotAnOperatorWithOtherFields(BsonDocument document) {
    for (String name : document.keySet()) {
      if (name.startsWith("$")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40181,
            "an expression specification must contain exactly one field, the name of the"
                + " expression. Found "
                + document.size()
                + " fields in "
                + document.toJson()
                + ", while parsing object "
                + spec.toJson());
      }
    }
  }

  private void operator(String path, BsonDocument document) {
    String name = document.getFirstKey();
    BsonValue argument = document.get(name);
    if (findOperators && name.equals("$slice") && document.size() == 1) {
      add(path, slice(argument));
    } else if (findOperators && name.equals("$elemMatch") && document.size() == 1) {
      if (path.contains(".")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_31275, "Cannot use $elemMatch projection on a nested field.");
      }
      if (!(argument instanceof BsonDocument condition)) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "elemMatch: Invalid argument, object required.");
      }
      decide(Kind.INCLUSION, path);
      add(path, new FieldProjection.ElementMatch(path, elementFilter(path, condition)));
    } else if (!findOperators && name.equals("$elemMatch")) {
      throw new MongoLakeException(
          ErrorCode.INVALID_PIPELINE_OPERATOR, "Cannot use $elemMatch in this context");
    } else if (name.equals("$meta")) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED, "Cannot project with $meta: text search is not supported");
    } else {
      if (mode != Mode.ADDITION && kind == Kind.EXCLUSION) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_31252,
            "Cannot use expression other than $meta in exclusion projection");
      }
      computed(path, ExpressionParser.parse(document, scope), document);
    }
  }

  private void computed(String path, Expression expression, BsonValue written) {
    if (mode != Mode.ADDITION) {
      if (kind == Kind.EXCLUSION) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_31310,
            "Cannot use an expression "
                + ValueText.element(path, written)
                + " in an exclusion projection");
      }
      kind = Kind.INCLUSION;
    }
    add(path, new FieldProjection.Computed(expression));
  }

  private void positional(String path, BsonValue value) {
    String field = path.substring(0, path.length() - 2);
    if (!(value.isNumber() || value.isBoolean()) || !isTruthy(value)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31395, "positional projection cannot be used with exclusion");
    }
    if (positional) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_31276,
          "Cannot specify more than one positional projection per query.");
    }
    positional = true;
    decide(Kind.INCLUSION, path);
    add(field, new FieldProjection.Positional());
  }

  private static MongoLakeException positionalInTheMiddle() {
    return new MongoLakeException(
        ErrorCode.LOCATION_31394,
        "As of 4.4, it's illegal to specify positional operator in the middle of a path."
            + "Positional projection may only be used at the end, for example: a.b.$. If the"
            + " query previously used a form like a.b.$.d, remove the parts following the '$'"
            + " and the results will be equivalent.");
  }

  private static FieldProjection.Slice slice(BsonValue argument) {
    if (argument.isNumber()) {
      long count = clamp(argument);
      return count >= 0
          ? new FieldProjection.Slice(0, (int) count)
          : new FieldProjection.Slice((int) count, (int) -count);
    }
    if (argument instanceof BsonArray pair
        && pair.size() == 2
        && pair.get(0).isNumber()
        && pair.get(1).isNumber()) {
      long limit = clamp(pair.get(1));
      if (limit <= 0) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, "$slice limit must be positive");
      }
      return new FieldProjection.Slice((int) clamp(pair.get(0)), (int) limit);
    }
    throw new MongoLakeException(
        ErrorCode.BAD_VALUE, "$slice only supports numbers and [skip, limit] arrays");
  }

  private static long clamp(BsonValue number) {
    double value = number.asNumber().doubleValue();
    return (long) Math.max(Integer.MIN_VALUE + 1, Math.min(Integer.MAX_VALUE, value));
  }

  private static Filter elementFilter(String field, BsonDocument condition) {
    try {
      return Filter.parse(new BsonDocument(field, new BsonDocument("$elemMatch", condition)));
    } catch (QueryException e) {
      throw new MongoLakeException(ErrorCode.BAD_VALUE, e.getMessage());
    }
  }

  private void decide(Kind wanted, String path) {
    if (kind == Kind.UNDECIDED) {
      kind = wanted;
    } else if (kind != wanted) {
      throw wanted == Kind.INCLUSION
          ? new MongoLakeException(
              ErrorCode.LOCATION_31253,
              "Cannot do inclusion on field " + path + " in exclusion projection")
          : new MongoLakeException(
              ErrorCode.LOCATION_31254,
              "Cannot do exclusion on field " + path + " in inclusion projection");
    }
  }

  private void add(String path, FieldProjection action) {
    if (path.startsWith("_id.")) {
      idPathProjected = true;
    }
    root.put(Arrays.asList(path.split("\\.", -1)), action, path);
  }

  private static void checkPath(String path) {
    if (path.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40352, "FieldPath cannot be constructed with empty string");
    }
    if (path.endsWith(".")) {
      throw new MongoLakeException(ErrorCode.LOCATION_40353, "FieldPath must not end with a '.'.");
    }
    for (String part : path.split("\\.", -1)) {
      if (part.isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_15998, "FieldPath field names may not be empty strings.");
      }
      if (part.startsWith("$") && !part.equals("$")) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_16410,
            "FieldPath field names may not start with '$'. Consider using $getField or"
                + " $setField.");
      }
    }
  }

  static boolean isTruthy(BsonValue value) {
    if (value.isBoolean()) {
      return value.asBoolean().getValue();
    }
    return value.asNumber().doubleValue() != 0;
  }
}
