package dev.mongolake.delta.query.internal;

import dev.mongolake.delta.exceptions.QueryErrorCode;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.delta.query.ast.RegexPredicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles MongoDB (PCRE) regular expressions to {@link Pattern}. Options: {@code i} case
 * insensitive, {@code m} multi-line anchors, {@code s} dot matches newline, {@code x} extended
 * (whitespace and comments ignored), {@code u} accepted (patterns are always Unicode). Only {@code
 * \n} ends a line, as in PCRE's default.
 */
public final class RegexCompiler {
  private RegexCompiler() {}

  /**
   * The predicate of a regular expression, compiled.
   *
   * @throws QueryException as {@link #compile} does
   */
  public static RegexPredicate predicate(String pattern, String options) {
    return new RegexPredicate(pattern, options, compile(pattern, options));
  }

  /**
   * Compiles a pattern.
   *
   * @throws QueryException {@link QueryErrorCode#INVALID_REGEX_OPTION} for an unknown option,
   *     {@link QueryErrorCode#INVALID_REGEX} when the pattern does not compile
   */
  public static Pattern compile(String pattern, String options) {
    int flags = Pattern.UNIX_LINES;
    for (int i = 0; i < options.length(); i++) {
      char option = options.charAt(i);
      flags |=
          switch (option) {
            case 'i' -> Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
            case 'm' -> Pattern.MULTILINE;
            case 's' -> Pattern.DOTALL;
            case 'x' -> Pattern.COMMENTS;
            case 'u' -> 0;
            default ->
                throw new QueryException(
                    QueryErrorCode.INVALID_REGEX_OPTION,
                    "invalid flag in regex options: " + option);
          };
    }
    try {
      return Pattern.compile(pattern, flags);
    } catch (PatternSyntaxException e) {
      throw new QueryException(
          QueryErrorCode.INVALID_REGEX,
          "Regular expression is invalid: " + e.getDescription() + " in /" + pattern + "/");
    }
  }
}
