package dev.mongolake.aggregate.internal.window;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.order.BsonComparisonOrder;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The {@code window} of a window function: {@code documents: [lower, upper]} (positions relative to
 * the current document) or {@code range: [lower, upper]} (values of the single ascending {@code
 * sortBy} field relative to the current one, with an optional time {@code unit} for dates). Bounds
 * are {@code "unbounded"}, {@code "current"} or constants, both inclusive.
 *
 * @param range whether the bounds are on {@code sortBy} values rather than positions
 * @param lower the lower bound
 * @param upper the upper bound
 * @param unit the time unit of a range over dates, or null
 */
public record WindowBounds(boolean range, Bound lower, Bound upper, TimeUnit unit) {

  /** One end of a window. */
  public sealed interface Bound {}

  /** No limit on that side of the partition. */
  public record Unbounded() implements Bound {}

  /** The current document (or its {@code sortBy} value). */
  public record Current() implements Bound {}

  /** An offset: an Int32 position for documents, a number for ranges. */
  public record Offset(BsonValue value) implements Bound {}

  /** The default window: the whole partition. */
  public static final WindowBounds WHOLE_PARTITION =
      new WindowBounds(false, new Unbounded(), new Unbounded(), null);

  /** From the start of the partition through the current document. */
  public static final WindowBounds UP_TO_CURRENT =
      new WindowBounds(false, new Unbounded(), new Current(), null);

  /** Whether the window is the whole partition whatever the current document. */
  public boolean isWholePartition() {
    return lower instanceof Unbounded && upper instanceof Unbounded;
  }

  /** Parses the value of a {@code window} field, checking it against the stage's sortBy. */
  public static WindowBounds parse(BsonValue window, SortBy sortBy, VariableScope scope) {
    if (!window.isDocument()) {
      throw failed("'window' field must be an object");
    }
    BsonDocument spec = window.asDocument();
    BsonValue documents = spec.get("documents");
    BsonValue range = spec.get("range");
    BsonValue unit = spec.get("unit");
    if (documents != null && range != null) {
      throw failed("Window bounds can specify either 'documents' or 'unit', not both.");
    }
    if (range == null && unit != null) {
      throw failed("Window bounds can only specify 'unit' with range-based bounds.");
    }
    if (range == null && documents == null) {
      if (!spec.isEmpty()) {
        throw failed(
            "'window' field can only contain 'documents' as the only argument or 'range' with an"
                + " optional 'unit' field");
      }
      return WHOLE_PARTITION;
    }
    if (documents != null) {
      if (spec.size() != 1) {
        throw failed("'window' field that specifies documents cannot have other fields");
      }
      BsonValue[] pair = pair("documents", documents);
      Bound lower = bound(pair[0], scope, BoundKind.DOCUMENTS);
      Bound upper = bound(pair[1], scope, BoundKind.DOCUMENTS);
      checkForward(lower, upper);
      WindowBounds bounds = new WindowBounds(false, lower, upper, null);
      if (!bounds.isWholePartition() && !sortBy.present()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5339901, "Document-based bounds require a sortBy");
      }
      return bounds;
    }
    BsonValue[] pair = pair("range", range);
    TimeUnit timeUnit = null;
    BoundKind kind = BoundKind.RANGE;
    if (unit != null) {
      if (spec.size() != 2) {
        throw failed("'window' field that specifies unit cannot have other fields besides 'range'");
      }
      if (!unit.isString()) {
        throw failed("'unit' must be a string");
      }
      kind = BoundKind.TIME;
    } else if (spec.size() != 1) {
      throw failed("'window' field that specifies range cannot have other fields besides 'unit'");
    }
    Bound lower = bound(pair[0], scope, kind);
    Bound upper = bound(pair[1], scope, kind);
    checkForward(lower, upper);
    if (unit != null) {
      timeUnit = TimeUnit.parse(unit.asString().getValue());
    }
    if (sortBy.size() != 1) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5339902, "Range-based bounds require sortBy a single field");
    }
    if (!sortBy.firstAscending()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_8947401, "Range-based bounds require an ascending sortBy");
    }
    return new WindowBounds(true, lower, upper, timeUnit);
  }

  private enum BoundKind {
    DOCUMENTS,
    RANGE,
    TIME
  }

  private static BsonValue[] pair(String field, BsonValue bounds) {
    if (!bounds.isArray() || bounds.asArray().size() != 2) {
      throw failed(
          "Window bounds must be a 2-element array: " + WindowSpecs.element(field, bounds));
    }
    return new BsonValue[] {bounds.asArray().get(0), bounds.asArray().get(1)};
  }

  private static Bound bound(BsonValue value, VariableScope scope, BoundKind kind) {
    if (value.isString()) {
      return switch (value.asString().getValue()) {
        case "unbounded" -> new Unbounded();
        case "current" -> new Current();
        default -> throw failed("Window bounds must be 'unbounded', 'current', or a number.");
      };
    }
    Expression expression = ExpressionParser.parse(value, scope);
    if (!expression.isConstant()) {
      throw failed("Window bounds expression must be a constant.");
    }
    BsonValue constant = expression.evaluate(null);
    switch (kind) {
      case DOCUMENTS -> {
        Integer position = integral(constant);
        if (position == null) {
          throw failed("Numeric document-based bounds must be an integer");
        }
        return new Offset(new org.bson.BsonInt32(position));
      }
      case TIME -> {
        Integer amount = integral(constant);
        if (amount == null) {
          throw failed("With 'unit', range-based bounds must be an integer");
        }
        return new Offset(new org.bson.BsonInt32(amount));
      }
      default -> {
        if (!WindowArithmetic.isNumber(constant)) {
          throw failed("Range-based bounds expression must be a number");
        }
        return new Offset(constant);
      }
    }
  }

  /** The value as an Int32 when it is a number with an integral value in Int32's range. */
  static Integer integral(BsonValue value) {
    if (!WindowArithmetic.isNumber(value)) {
      return null;
    }
    double d = WindowArithmetic.toDouble(value);
    if (d != Math.rint(d) || d < Integer.MIN_VALUE || d > Integer.MAX_VALUE) {
      return null;
    }
    return (int) d;
  }

  private static void checkForward(Bound lower, Bound upper) {
    BsonValue low = lower instanceof Current ? new org.bson.BsonInt32(0) : offset(lower);
    BsonValue high = upper instanceof Current ? new org.bson.BsonInt32(0) : offset(upper);
    if (low != null && high != null && BsonComparisonOrder.INSTANCE.compare(low, high) > 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5339900,
          "Lower bound must not exceed upper bound: [" + number(low) + ", " + number(high) + "]");
    }
  }

  private static BsonValue offset(Bound bound) {
    return bound instanceof Offset offset ? offset.value() : null;
  }

  private static String number(BsonValue value) {
    double d = WindowArithmetic.toDouble(value);
    if (value.isDouble() && d != Math.rint(d)) {
      return Double.toString(d);
    }
    return WindowArithmetic.isDecimal(value)
        ? value.asDecimal128().getValue().toString()
        : Long.toString((long) d);
  }

  private static MongoLakeException failed(String message) {
    return new MongoLakeException(ErrorCode.FAILED_TO_PARSE, message);
  }

  /**
   * The window of each document of {@code partition}: positions {@code [lower[i], upper[i]]}, empty
   * when {@code lower[i] > upper[i]}.
   *
   * @param sortValues the {@code sortBy} field of each document (for range windows)
   */
  public Frames frames(int size, BsonValue[] sortValues) {
    int[] from = new int[size];
    int[] to = new int[size];
    if (!range) {
      for (int i = 0; i < size; i++) {
        // In longs: an offset near Int32's limits must not wrap around.
        from[i] =
            lower instanceof Unbounded
                ? 0
                : (int) Math.min(size, Math.max(0, (long) i + position(lower)));
        to[i] =
            upper instanceof Unbounded
                ? size - 1
                : (int) Math.max(-1, Math.min(size - 1, (long) i + position(upper)));
      }
      return new Frames(from, to);
    }
    for (BsonValue value : sortValues) {
      checkRangeValue(value);
    }
    for (int i = 0; i < size; i++) {
      from[i] =
          lower instanceof Unbounded ? 0 : firstAtLeast(sortValues, limit(sortValues[i], lower));
      to[i] =
          upper instanceof Unbounded
              ? size - 1
              : lastAtMost(sortValues, limit(sortValues[i], upper));
    }
    return new Frames(from, to);
  }

  private static int position(Bound bound) {
    return bound instanceof Offset offset ? offset.value().asInt32().getValue() : 0;
  }

  private void checkRangeValue(BsonValue value) {
    if (unit != null) {
      if (value == null || !value.isDateTime()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_5429513,
            "Invalid range: Expected the sortBy field to be a Date, but it was " + typeName(value));
      }
      return;
    }
    if (value != null && value.isDateTime()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5429413,
          "Invalid range: For windows that involve date or time ranges, a unit must be provided.");
    }
    if (!WindowArithmetic.isNumber(value)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_5429414,
          "Invalid range: Expected the sortBy field to be a number, but it was " + typeName(value));
    }
  }

  static String typeName(BsonValue value) {
    return value == null ? "missing" : BsonTypeNames.of(value);
  }

  private BsonValue limit(BsonValue base, Bound bound) {
    if (bound instanceof Current) {
      return base;
    }
    BsonValue offset = ((Offset) bound).value();
    if (unit != null) {
      return new BsonDateTime(unit.add(base.asDateTime().getValue(), offset.asInt32().getValue()));
    }
    return WindowArithmetic.add(base, offset);
  }

  // Range windows sort by one number or date (checked at parse), which no collation changes: these
  // comparisons stay binary.
  private static int firstAtLeast(BsonValue[] sorted, BsonValue limit) {
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (BsonComparisonOrder.INSTANCE.compare(sorted[mid], limit) < 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  private static int lastAtMost(BsonValue[] sorted, BsonValue limit) {
    int low = 0;
    int high = sorted.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (BsonComparisonOrder.INSTANCE.compare(sorted[mid], limit) <= 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low - 1;
  }

  /** The bound's specification as explain shows it. */
  public BsonDocument explain() {
    BsonDocument out = new BsonDocument();
    org.bson.BsonArray pair = new org.bson.BsonArray();
    for (Bound bound : new Bound[] {lower, upper}) {
      pair.add(
          switch (bound) {
            case Unbounded u -> new BsonString("unbounded");
            case Current c -> new BsonString("current");
            case Offset o -> o.value();
          });
    }
    out.put(range ? "range" : "documents", pair);
    if (unit != null) {
      out.put("unit", new BsonString(unit.name().toLowerCase(java.util.Locale.ROOT)));
    }
    return out;
  }

  /**
   * The windows of a partition's documents.
   *
   * @param from each document's first position
   * @param to each document's last position (below {@code from} when the window is empty)
   */
  public record Frames(int[] from, int[] to) {

    /** Whether every window starts at the partition's first document. */
    public boolean anchoredAtStart() {
      for (int start : from) {
        if (start != 0) {
          return false;
        }
      }
      return true;
    }
  }
}
