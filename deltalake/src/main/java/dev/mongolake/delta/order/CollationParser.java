package dev.mongolake.delta.order;

import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads a {@code collation} option with MongoDB's rules and messages: its IDL parser (missing,
 * unknown and mistyped fields, enumerations, the strength range), then the combination checks of
 * its ICU collator factory, then the locale itself, which ICU must know exactly as written.
 */
final class CollationParser {
  private static final String FIELD = "collation";
  private static final Set<String> FIELDS =
      Set.of(
          "locale",
          "caseLevel",
          "caseFirst",
          "strength",
          "numericOrdering",
          "alternate",
          "maxVariable",
          "normalization",
          "backwards",
          "version");
  private static final Map<String, List<String>> ENUMERATIONS =
      Map.of(
          "caseFirst", List.of("upper", "lower", "off"),
          "alternate", List.of("non-ignorable", "shifted"),
          "maxVariable", List.of("punct", "space"));
  private static final String NUMBER_TYPES = "'[long, int, decimal, double]'";

  private CollationParser() {}

  static Collation parse(BsonValue value) {
    if (value == null || !value.isDocument()) {
      throw wrongType(FIELD, value, "'object'");
    }
    BsonDocument specification = value.asDocument();
    for (String name : specification.keySet()) {
      if (!FIELDS.contains(name)) {
        throw new QueryException(
            QueryErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field '" + FIELD + "." + name + "' is an unknown field.");
      }
    }
    BsonValue locale = specification.get("locale");
    if (locale == null || locale.isNull()) {
      throw new QueryException(
          QueryErrorCode.IDL_MISSING_FIELD,
          "BSON field '" + FIELD + ".locale' is missing but a required field");
    }
    if (!locale.isString()) {
      throw wrongType(FIELD + ".locale", locale, "'string'");
    }
    CollationOptions options = options(specification);
    checkVersion(specification);
    if (locale.asString().getValue().equals(Collation.SIMPLE_LOCALE)) {
      return Collation.SIMPLE;
    }
    checkCombinations(options, specification);
    return IcuCollators.resolve(locale.asString().getValue(), options)
        .orElseThrow(
            () ->
                new QueryException(
                    QueryErrorCode.BAD_VALUE,
                    "Field 'locale' is invalid in: " + BsonDebugText.value(specification)));
  }

  private static CollationOptions options(BsonDocument specification) {
    return new CollationOptions(
        flag(specification, "caseLevel"),
        enumeration(specification, "caseFirst"),
        strength(specification),
        flag(specification, "numericOrdering"),
        enumeration(specification, "alternate"),
        enumeration(specification, "maxVariable"),
        flag(specification, "normalization"),
        flag(specification, "backwards"));
  }

  private static Boolean flag(BsonDocument specification, String name) {
    BsonValue value = specification.get(name);
    if (value == null) {
      return null;
    }
    if (!value.isBoolean()) {
      throw wrongType(FIELD + "." + name, value, "'bool'");
    }
    return value.asBoolean().getValue();
  }

  private static String enumeration(BsonDocument specification, String name) {
    BsonValue value = specification.get(name);
    if (value == null) {
      return null;
    }
    if (!value.isString()) {
      throw wrongType(FIELD + "." + name, value, "'string'");
    }
    String text = value.asString().getValue();
    if (!ENUMERATIONS.get(name).contains(text)) {
      throw invalidEnumeration(name, text);
    }
    return text;
  }

  private static Integer strength(BsonDocument specification) {
    BsonValue value = specification.get("strength");
    if (value == null) {
      return null;
    }
    if (!value.isNumber() && !value.isDecimal128()) {
      throw wrongType(FIELD + ".strength", value, NUMBER_TYPES);
    }
    // MongoDB reads the number as an integer, dropping any fraction.
    BigDecimal exact =
        value.isDecimal128()
            ? value.asDecimal128().getValue().bigDecimalValue()
            : new BigDecimal(value.asNumber().doubleValue());
    long strength = exact.longValue();
    if (strength < 0 || strength > 5) {
      String bound = strength < 0 ? ">= 0" : "<= 5";
      throw new QueryException(
          QueryErrorCode.IDL_OUT_OF_RANGE,
          "BSON field 'strength' value must be " + bound + ", actual value '" + strength + "'");
    }
    if (strength == 0) {
      throw invalidEnumeration("strength", "0");
    }
    return (int) strength;
  }

  private static void checkVersion(BsonDocument specification) {
    BsonValue version = specification.get("version");
    if (version == null) {
      return;
    }
    if (!version.isString()) {
      throw wrongType(FIELD + ".version", version, "'string'");
    }
    if (!version.asString().getValue().equals(Collation.VERSION)) {
      throw new QueryException(
          QueryErrorCode.INCOMPATIBLE_COLLATION_VERSION,
          "Requested collation version "
              + version.asString().getValue()
              + " but the only available collator version was "
              + Collation.VERSION
              + ". Requested collation spec: "
              + BsonDebugText.value(specification));
    }
  }

  /** The combinations MongoDB's collator factory refuses before it asks ICU for the locale. */
  private static void checkCombinations(CollationOptions options, BsonDocument specification) {
    boolean primary = options.strength() != null && options.strength() == 1;
    if (primary && Boolean.TRUE.equals(options.backwards())) {
      throw new QueryException(
          QueryErrorCode.BAD_VALUE,
          "'backwards' is invalid with 'strength' of 1 in: " + BsonDebugText.value(specification));
    }
    boolean caseFirstSet = options.caseFirst() != null && !options.caseFirst().equals("off");
    if (primary && caseFirstSet && !Boolean.TRUE.equals(options.caseLevel())) {
      throw new QueryException(
          QueryErrorCode.BAD_VALUE,
          "'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 1 in: "
              + BsonDebugText.value(specification));
    }
  }

  private static QueryException invalidEnumeration(String name, String value) {
    return new QueryException(
        QueryErrorCode.BAD_VALUE,
        "Enumeration value '"
            + value
            + "' for field '"
            + FIELD
            + "."
            + name
            + "' is not a valid value.");
  }

  private static QueryException wrongType(String field, BsonValue value, String expected) {
    String actual = value == null ? "missing" : BsonTypeNames.of(value);
    String plural = expected.startsWith("'[") ? "types " : "type ";
    return new QueryException(
        QueryErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + field
            + "' is the wrong type '"
            + actual
            + "', expected "
            + plural
            + expected);
  }
}
