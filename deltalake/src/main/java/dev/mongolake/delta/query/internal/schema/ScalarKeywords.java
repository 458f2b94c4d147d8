package dev.mongolake.delta.query.internal.schema;

import dev.mongolake.delta.query.internal.RegexCompiler;
import dev.mongolake.delta.query.internal.parse.IntegerOperand;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** Parses {@code pattern}, {@code maxLength}, {@code minLength}, {@code multipleOf}, bounds. */
final class ScalarKeywords {
  private ScalarKeywords() {}

  static void parse(BsonDocument schema, List<SchemaKeyword> out) {
    BsonValue pattern = schema.get("pattern");
    if (pattern != null) {
      if (!pattern.isString()) {
        throw SchemaErrors.keywordType("pattern", "must be a string");
      }
      String regex = pattern.asString().getValue();
      out.add(new PatternKeyword(regex, RegexCompiler.compile(regex, "")));
    }
    length(schema, "maxLength", false, out);
    length(schema, "minLength", true, out);
    BsonValue multipleOf = schema.get("multipleOf");
    if (multipleOf != null) {
      if (!isNumber(multipleOf)) {
        throw SchemaErrors.keywordType("multipleOf", "must be a number");
      }
      if (!positive(multipleOf)) {
        throw SchemaErrors.keywordValue("multipleOf", "must have a positive value");
      }
      out.add(new MultipleOfKeyword(multipleOf));
    }
    bound(schema, "maximum", "exclusiveMaximum", out);
    bound(schema, "minimum", "exclusiveMinimum", out);
  }

  private static void length(
      BsonDocument schema, String keyword, boolean minimum, List<SchemaKeyword> out) {
    BsonValue operand = schema.get(keyword);
    if (operand != null) {
      long limit = IntegerOperand.nonNegativeLong(keyword, operand);
      out.add(new StringLengthKeyword(keyword, operand, limit, minimum));
    }
  }

  private static void bound(
      BsonDocument schema, String keyword, String exclusiveKeyword, List<SchemaKeyword> out) {
    BsonValue bound = schema.get(keyword);
    BsonValue exclusive = schema.get(exclusiveKeyword);
    if (bound == null) {
      if (exclusive != null) {
        throw SchemaErrors.keywordValue(
            keyword, "must be a present if " + exclusiveKeyword + " is present");
      }
      return;
    }
    if (exclusive != null && !exclusive.isBoolean()) {
      throw SchemaErrors.keywordType(exclusiveKeyword, "must be a boolean");
    }
    if (!isNumber(bound)) {
      throw SchemaErrors.keywordType(keyword, "must be a number");
    }
    boolean isExclusive = exclusive != null && exclusive.asBoolean().getValue();
    out.add(
        keyword.equals("minimum")
            ? BoundKeyword.minimum(bound, isExclusive)
            : BoundKeyword.maximum(bound, isExclusive));
  }

  static boolean isNumber(BsonValue value) {
    return value.isNumber() || value.isDecimal128();
  }

  /** Whether MongoDB accepts the divisor: neither negative nor zero (NaN passes, as there). */
  private static boolean positive(BsonValue number) {
    return switch (number.getBsonType()) {
      case INT32 -> number.asInt32().getValue() > 0;
      case INT64 -> number.asInt64().getValue() > 0;
      case DOUBLE -> !(number.asDouble().getValue() <= 0);
      default -> {
        Decimal128 decimal = number.asDecimal128().getValue();
        yield decimal.isNaN()
            || (!decimal.isNegative()
                && (decimal.isInfinite() || decimal.bigDecimalValue().signum() != 0));
      }
    };
  }
}
