package dev.mongolake.aggregate.internal.expression;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The compiled {@code regex} and {@code options} of {@code $regexMatch}, {@code $regexFind} and
 * {@code $regexFindAll}, validated as MongoDB does: the regex a string or BSON regex (51105),
 * options a string (51106) and not given twice (51107), no NUL bytes (51109, 51110), flags among i
 * m s x u (51108), a pattern that compiles (51111).
 *
 * @param pattern the compiled pattern, or {@code null} when the regex is nullish
 */
record RegexSpec(Pattern pattern) {

  /** Validates and compiles the evaluated {@code regex} and {@code options}. */
  static RegexSpec of(String operator, BsonValue regex, BsonValue options) {
    boolean regexNullish = ExpressionValues.isNullish(regex);
    if (!regexNullish
        && !(regex instanceof BsonString)
        && !(regex instanceof BsonRegularExpression)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51105, operator + " needs 'regex' to be of type string or regex");
    }
    boolean optionsNullish = ExpressionValues.isNullish(options);
    if (!optionsNullish && !(options instanceof BsonString)) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51106, operator + " needs 'options' to be of type string");
    }
    String source = null;
    String flags = null;
    if (regex instanceof BsonRegularExpression bsonRegex) {
      source = bsonRegex.getPattern();
      if (!bsonRegex.getOptions().isEmpty()) {
        if (!optionsNullish) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_51107,
              operator + ": found regex option(s) specified in both 'regex' and 'option' fields");
        }
        flags = bsonRegex.getOptions();
      }
    } else if (regex instanceof BsonString string) {
      source = string.getValue();
    }
    if (!optionsNullish) {
      flags = options.asString().getValue();
    }
    if (source != null && source.indexOf('\0') >= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51109,
          operator + ": regular expression cannot contain an embedded null byte");
    }
    if (flags != null && flags.indexOf('\0') >= 0) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51110,
          operator + ": regular expression options cannot contain an embedded null byte");
    }
    if (source == null) {
      return new RegexSpec(null);
    }
    String optionText = flags == null ? "" : flags;
    int javaFlags = javaFlags(operator, optionText);
    String javaPattern = PcreTranslation.toJava(operator, source, optionText);
    try {
      return new RegexSpec(Pattern.compile(javaPattern, javaFlags));
    } catch (PatternSyntaxException e) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51111, "Invalid Regex in " + operator + ": " + e.getDescription());
    }
  }

  /**
   * PCRE's options as {@link Pattern} flags. PCRE ends lines only at \n (Java's UNIX_LINES) and, in
   * UTF mode, folds case for all of Unicode.
   */
  private static int javaFlags(String operator, String flags) {
    int javaFlags = Pattern.UNIX_LINES;
    for (int i = 0; i < flags.length(); i++) {
      char flag = flags.charAt(i);
      javaFlags |=
          switch (flag) {
            case 'i' -> Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
            case 'm' -> Pattern.MULTILINE;
            case 's' -> Pattern.DOTALL;
            case 'x' -> Pattern.COMMENTS;
            case 'u' -> 0;
            default ->
                throw new MongoLakeException(
                    ErrorCode.INVALID_REGEX_OPTION,
                    operator + " invalid flag in regex options: " + flag);
          };
    }
    return javaFlags;
  }
}
