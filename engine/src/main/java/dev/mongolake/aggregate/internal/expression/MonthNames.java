package dev.mongolake.aggregate.internal.expression;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The month words MongoDB's date parser knows: English names, their three-letter abbreviations,
 * {@code sept}, and Roman numerals, in any case.
 */
final class MonthNames {

  private static final String[] FULL = {
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december"
  };
  private static final String[] ROMAN = {
    "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"
  };
  private static final Map<String, Integer> WORDS = words();

  private MonthNames() {}

  private static Map<String, Integer> words() {
    Map<String, Integer> words = new HashMap<>();
    for (int i = 0; i < 12; i++) {
      words.put(FULL[i], i + 1);
      words.put(FULL[i].substring(0, 3), i + 1);
      words.put(ROMAN[i], i + 1);
    }
    words.put("sept", 9);
    return Map.copyOf(words);
  }

  /** The month (1 to 12) {@code word} names, or {@code null}. */
  static Integer lookup(String word) {
    return WORDS.get(word.toLowerCase(Locale.ROOT));
  }
}
