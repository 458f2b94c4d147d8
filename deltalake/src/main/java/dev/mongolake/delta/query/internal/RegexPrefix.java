package dev.mongolake.delta.query.internal;

import dev.mongolake.delta.query.ast.RegexPredicate;
import java.util.Optional;

/**
 * The literal prefix of an anchored regular expression ({@code /^abc/}, {@code /^abc.*x/}): every
 * string it matches starts with the prefix, so the matches lie in {@code [prefix, upperBound)} in
 * code point order. Only derived when that is certain: the pattern starts with {@code ^} and has no
 * alternation, and the options are none of {@code i m x} (case folding, line anchors and extended
 * syntax all break the argument).
 *
 * @param prefix the literal prefix, not empty
 * @param upperBound the least string above every string with the prefix, if one is cheap to state
 */
public record RegexPrefix(String prefix, Optional<String> upperBound) {
  private static final String METACHARACTERS = "\\^$.|?*+()[]{}";

  /** The prefix of a regular expression predicate, if it has a usable one. */
  public static Optional<RegexPrefix> of(RegexPredicate regex) {
    String options = regex.options();
    String pattern = regex.pattern();
    if (options.contains("i") || options.contains("m") || options.contains("x")) {
      return Optional.empty();
    }
    if (!pattern.startsWith("^") || pattern.indexOf('|') >= 0) {
      return Optional.empty();
    }
    int end = 1;
    while (end < pattern.length() && METACHARACTERS.indexOf(pattern.charAt(end)) < 0) {
      end++;
    }
    if (end < pattern.length() && "?*{".indexOf(pattern.charAt(end)) >= 0) {
      // The last literal is optional ("^ab?"): it is not part of every match.
      end--;
    }
    String prefix = pattern.substring(1, end);
    if (prefix.isEmpty() || Character.isSurrogate(prefix.charAt(prefix.length() - 1))) {
      return Optional.empty();
    }
    return Optional.of(new RegexPrefix(prefix, successor(prefix)));
  }

  private static Optional<String> successor(String prefix) {
    char last = prefix.charAt(prefix.length() - 1);
    // Incrementing into or past the surrogate range would leave code point order.
    if (last >= 0xD7FF) {
      return Optional.empty();
    }
    return Optional.of(prefix.substring(0, prefix.length() - 1) + (char) (last + 1));
  }
}
