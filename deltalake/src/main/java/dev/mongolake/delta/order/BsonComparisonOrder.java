package dev.mongolake.delta.order;

import com.ibm.icu.text.RuleBasedCollator;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDbPointer;
import org.bson.BsonDocument;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonValue;

/**
 * MongoDB's comparison and sort order for BSON values, under the simple binary collation ({@link
 * #INSTANCE}) or under a {@link Collation} ({@link #of}), which changes only how strings and
 * symbols compare (wherever they are, inside documents and arrays too; field names compare by bytes
 * always).
 *
 * <p>Values of different {@linkplain BsonTypeBracket type classes} compare by class: MinKey &lt;
 * Undefined &lt; Null &lt; Numbers &lt; String/Symbol &lt; Object &lt; Array &lt; BinData &lt;
 * ObjectId &lt; Boolean &lt; Date &lt; Timestamp &lt; Regex &lt; DBPointer &lt; JavaScript &lt;
 * JavaScript with scope &lt; MaxKey. Within a class:
 *
 * <ul>
 *   <li>numbers compare by exact value across Int32, Int64, Double and Decimal128 (no precision
 *       loss between long and double); NaN equals NaN and is below every other number; -0 equals 0;
 *   <li>strings and symbols compare by their UTF-8 bytes, or by the collation's rules;
 *   <li>documents compare field by field: the field value's type class, then the field name, then
 *       the value; a document that is a prefix of another is smaller;
 *   <li>arrays compare element by element, a prefix being smaller (this is the whole-value order;
 *       the query and sort rules that look at array elements are built on top of it);
 *   <li>BinData compares by length, then subtype, then bytes (unsigned);
 *   <li>ObjectIds by their 12 bytes, booleans false &lt; true, dates by signed milliseconds,
 *       timestamps as unsigned 64-bit values, regular expressions by pattern then options.
 * </ul>
 *
 * <p>The order is total and consistent with {@link #equal}: {@code compare(a, b) == 0} exactly when
 * MongoDB considers the values equal (so it is <em>not</em> consistent with {@link
 * BsonValue#equals}, which distinguishes {@code 1} from {@code 1.0}). Stateless and thread-safe.
 */
public final class BsonComparisonOrder implements Comparator<BsonValue> {
  /** The order under the simple collation. */
  public static final BsonComparisonOrder INSTANCE =
      new BsonComparisonOrder(Collation.SIMPLE, null);

  private static final ConcurrentMap<Collation, BsonComparisonOrder> COLLATED =
      new ConcurrentHashMap<>();

  private final Collation collation;
  // null for the simple collation: strings then compare by their UTF-8 bytes.
  private final RuleBasedCollator collator;

  private BsonComparisonOrder(Collation collation, RuleBasedCollator collator) {
    this.collation = collation;
    this.collator = collator;
  }

  /** The order under {@code collation} ({@link #INSTANCE} for the simple one). */
  public static BsonComparisonOrder of(Collation collation) {
    if (collation.isSimple()) {
      return INSTANCE;
    }
    return COLLATED.computeIfAbsent(
        collation, c -> new BsonComparisonOrder(c, IcuCollators.collator(c)));
  }

  /** The collation strings compare by. */
  public Collation collation() {
    return collation;
  }

  /** Whether strings compare by their bytes (the simple collation). */
  public boolean isSimple() {
    return collator == null;
  }

  /**
   * Whether comparing {@code value} under this order can differ from comparing it under the simple
   * one: the collation is not simple and the value is, or holds, a string or symbol.
   */
  public boolean collates(BsonValue value) {
    return collator != null && holdsString(value);
  }

  /** Whether {@code value} is or holds (in a document or array) a string or a symbol. */
  public static boolean holdsString(BsonValue value) {
    return switch (value) {
      case BsonString s -> true;
      case BsonSymbol s -> true;
      case BsonDocument document ->
          document.values().stream().anyMatch(BsonComparisonOrder::holdsString);
      case BsonArray array -> array.stream().anyMatch(BsonComparisonOrder::holdsString);
      default -> false;
    };
  }

  /** Equality under this order: {@code compare(a, b) == 0}. */
  public boolean equivalent(BsonValue a, BsonValue b) {
    return compare(a, b) == 0;
  }

  /**
   * A value that compares (and hashes, and is {@link BsonValue#equals}) under the simple order as
   * {@code value} compares under this one: each string and symbol, at any depth, replaced by its
   * collation key. For grouping and index keys; never shown to clients. Values compare with keys
   * only if both are keys of the same collation.
   */
  public BsonValue comparisonKey(BsonValue value) {
    if (collator == null || !holdsString(value)) {
      return value;
    }
    return switch (value) {
      case BsonString s -> new BsonString(IcuCollators.sortKey(collator, s.getValue()));
      case BsonSymbol s -> new BsonSymbol(IcuCollators.sortKey(collator, s.getSymbol()));
      case BsonDocument document -> {
        BsonDocument keyed = new BsonDocument();
        document.forEach((name, field) -> keyed.append(name, comparisonKey(field)));
        yield keyed;
      }
      case BsonArray array -> {
        BsonArray keyed = new BsonArray(new java.util.ArrayList<>(array.size()));
        array.forEach(element -> keyed.add(comparisonKey(element)));
        yield keyed;
      }
      default -> value;
    };
  }

  /** The type class of a value. */
  public static BsonTypeBracket bracketOf(BsonValue value) {
    return BsonTypeBracket.of(value.getBsonType());
  }

  /** Whether two values belong to the same type class (so that $gt/$lt may compare them). */
  public static boolean sameBracket(BsonValue a, BsonValue b) {
    return bracketOf(a) == bracketOf(b);
  }

  /** MongoDB equality: {@code compare(a, b) == 0} (so {@code 1 == 1.0 == NumberDecimal("1")}). */
  public static boolean equal(BsonValue a, BsonValue b) {
    return INSTANCE.compare(a, b) == 0;
  }

  /**
   * Compares two values in MongoDB's order.
   *
   * @throws NullPointerException if either value is null (a missing field is not a value)
   */
  @Override
  public int compare(BsonValue a, BsonValue b) {
    // The common _id types first: ordered maps keyed by _id compare millions of them.
    if (a instanceof org.bson.BsonObjectId x && b instanceof org.bson.BsonObjectId y) {
      return x.getValue().compareTo(y.getValue());
    }
    if (a instanceof org.bson.BsonInt32 x && b instanceof org.bson.BsonInt32 y) {
      return Integer.compare(x.getValue(), y.getValue());
    }
    BsonTypeBracket bracketA = bracketOf(a);
    BsonTypeBracket bracketB = bracketOf(b);
    if (bracketA != bracketB) {
      return Integer.compare(bracketA.ordinal(), bracketB.ordinal());
    }
    return switch (bracketA) {
      case MIN_KEY, MAX_KEY, NULL, UNDEFINED -> 0;
      case NUMBER -> NumericComparison.compare(a, b);
      case STRING -> compareStrings(stringOf(a), stringOf(b));
      case DOCUMENT -> compareDocuments(a.asDocument(), b.asDocument());
      case ARRAY -> compareArrays(a.asArray(), b.asArray());
      case BINARY -> compareBinaries(a.asBinary(), b.asBinary());
      case OBJECT_ID -> a.asObjectId().getValue().compareTo(b.asObjectId().getValue());
      case BOOLEAN -> Boolean.compare(a.asBoolean().getValue(), b.asBoolean().getValue());
      case DATE -> Long.compare(a.asDateTime().getValue(), b.asDateTime().getValue());
      case TIMESTAMP ->
          Long.compareUnsigned(a.asTimestamp().getValue(), b.asTimestamp().getValue());
      case REGULAR_EXPRESSION ->
          compareRegularExpressions(a.asRegularExpression(), b.asRegularExpression());
      case DB_POINTER -> compareDbPointers(a.asDBPointer(), b.asDBPointer());
      case JAVASCRIPT ->
          BinaryStringComparison.compare(a.asJavaScript().getCode(), b.asJavaScript().getCode());
      case JAVASCRIPT_WITH_SCOPE ->
          compareCodeWithScope(a.asJavaScriptWithScope(), b.asJavaScriptWithScope());
    };
  }

  private int compareStrings(String a, String b) {
    return collator == null ? BinaryStringComparison.compare(a, b) : collator.compare(a, b);
  }

  private static String stringOf(BsonValue v) {
    return v.isString() ? v.asString().getValue() : v.asSymbol().getSymbol();
  }

  private int compareDocuments(BsonDocument a, BsonDocument b) {
    Iterator<Map.Entry<String, BsonValue>> ia = a.entrySet().iterator();
    Iterator<Map.Entry<String, BsonValue>> ib = b.entrySet().iterator();
    while (ia.hasNext() && ib.hasNext()) {
      Map.Entry<String, BsonValue> ea = ia.next();
      Map.Entry<String, BsonValue> eb = ib.next();
      int byType =
          Integer.compare(bracketOf(ea.getValue()).ordinal(), bracketOf(eb.getValue()).ordinal());
      if (byType != 0) {
        return byType;
      }
      int byName = BinaryStringComparison.compare(ea.getKey(), eb.getKey());
      if (byName != 0) {
        return byName;
      }
      int byValue = compare(ea.getValue(), eb.getValue());
      if (byValue != 0) {
        return byValue;
      }
    }
    return Boolean.compare(ia.hasNext(), ib.hasNext());
  }

  private int compareArrays(BsonArray a, BsonArray b) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      int c = compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private static int compareBinaries(BsonBinary a, BsonBinary b) {
    int byLength = Integer.compare(a.getData().length, b.getData().length);
    if (byLength != 0) {
      return byLength;
    }
    int bySubtype = Integer.compare(a.getType() & 0xFF, b.getType() & 0xFF);
    if (bySubtype != 0) {
      return bySubtype;
    }
    return Arrays.compareUnsigned(a.getData(), b.getData());
  }

  private static int compareRegularExpressions(BsonRegularExpression a, BsonRegularExpression b) {
    int byPattern = BinaryStringComparison.compare(a.getPattern(), b.getPattern());
    return byPattern != 0
        ? byPattern
        : BinaryStringComparison.compare(a.getOptions(), b.getOptions());
  }

  private static int compareDbPointers(BsonDbPointer a, BsonDbPointer b) {
    int byNamespace = BinaryStringComparison.compare(a.getNamespace(), b.getNamespace());
    return byNamespace != 0 ? byNamespace : a.getId().compareTo(b.getId());
  }

  private int compareCodeWithScope(BsonJavaScriptWithScope a, BsonJavaScriptWithScope b) {
    int byCode = BinaryStringComparison.compare(a.getCode(), b.getCode());
    return byCode != 0 ? byCode : compareDocuments(a.getScope(), b.getScope());
  }
}
