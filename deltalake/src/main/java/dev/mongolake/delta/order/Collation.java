package dev.mongolake.delta.order;

import java.util.Objects;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A MongoDB collation: the language rules by which strings compare, fully resolved (every field
 * holds the value the locale gives it unless the specification set it), as MongoDB reports it in
 * {@code listCollections} and {@code listIndexes}. {@link #SIMPLE} is MongoDB's {@code {locale:
 * "simple"}}: strings compare by their UTF-8 bytes.
 *
 * <p>A collation governs strings and symbols wherever values compare: matching, sorting, grouping,
 * distinct values, index keys. Field names, regular expressions and JavaScript code compare by
 * bytes under every collation, as in MongoDB.
 *
 * @param locale the ICU locale ID, or {@code "simple"}
 * @param caseLevel whether case is compared at strength 1 or 2
 * @param caseFirst {@code "upper"}, {@code "lower"} or {@code "off"}
 * @param strength the ICU comparison level, 1 (base letters) to 5 (identical)
 * @param numericOrdering whether digit runs compare as numbers
 * @param alternate {@code "non-ignorable"} or {@code "shifted"} (spaces and punctuation ignored)
 * @param maxVariable {@code "punct"} or {@code "space"}: what {@code shifted} ignores
 * @param normalization whether text is normalized (NFD) before it compares
 * @param backwards whether secondary differences (accents) compare from the end, as in French
 */
public record Collation(
    String locale,
    boolean caseLevel,
    String caseFirst,
    int strength,
    boolean numericOrdering,
    String alternate,
    String maxVariable,
    boolean normalization,
    boolean backwards) {

  /** The locale that names binary comparison. */
  public static final String SIMPLE_LOCALE = "simple";

  /**
   * The ICU version MongoDB names in a resolved collation: specifications carrying another {@code
   * version} are refused as MongoDB refuses them, and this one is reported back.
   */
  public static final String VERSION = "57.1";

  /** Binary comparison: MongoDB's default. */
  public static final Collation SIMPLE =
      new Collation(SIMPLE_LOCALE, false, "off", 3, false, "non-ignorable", "punct", false, false);

  public Collation {
    Objects.requireNonNull(locale, "locale");
    Objects.requireNonNull(caseFirst, "caseFirst");
    Objects.requireNonNull(alternate, "alternate");
    Objects.requireNonNull(maxVariable, "maxVariable");
  }

  /**
   * Parses a {@code collation} option as MongoDB does: {@code locale} required, the other fields
   * optional and checked (types, ranges, combinations), the locale one ICU knows exactly as written
   * ({@code en_US}, not {@code en-US}); unset fields take the locale's defaults.
   *
   * @throws dev.mongolake.delta.exceptions.QueryException with MongoDB's code and message when the
   *     specification is not one MongoDB accepts
   */
  public static Collation parse(BsonValue specification) {
    return CollationParser.parse(specification);
  }

  /** Whether this is binary comparison ({@code {locale: "simple"}}). */
  public boolean isSimple() {
    return locale.equals(SIMPLE_LOCALE);
  }

  /** The order of BSON values under this collation. */
  public BsonComparisonOrder order() {
    return BsonComparisonOrder.of(this);
  }

  /**
   * The collation as MongoDB reports it: {@code {locale: "simple"}}, or every field resolved, with
   * {@code version}.
   */
  public BsonDocument toDocument() {
    if (isSimple()) {
      return new BsonDocument("locale", new BsonString(SIMPLE_LOCALE));
    }
    return new BsonDocument("locale", new BsonString(locale))
        .append("caseLevel", BsonBoolean.valueOf(caseLevel))
        .append("caseFirst", new BsonString(caseFirst))
        .append("strength", new BsonInt32(strength))
        .append("numericOrdering", BsonBoolean.valueOf(numericOrdering))
        .append("alternate", new BsonString(alternate))
        .append("maxVariable", new BsonString(maxVariable))
        .append("normalization", BsonBoolean.valueOf(normalization))
        .append("backwards", BsonBoolean.valueOf(backwards))
        .append("version", new BsonString(VERSION));
  }
}
