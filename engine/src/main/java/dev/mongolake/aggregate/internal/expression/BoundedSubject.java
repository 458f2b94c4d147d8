package dev.mongolake.aggregate.internal.expression;

/**
 * The text a regex operator searches, counting the characters the matcher reads so that a pattern
 * that backtracks without end stops, as PCRE stops at its match limit, instead of holding a thread
 * forever. The budget (ten times PCRE's default match limit) is far above what a reasonable match
 * needs.
 */
final class BoundedSubject implements CharSequence {

  /** Character reads allowed for one operator evaluation. */
  static final long READ_BUDGET = 100_000_000L;

  private final String text;
  private final long[] reads;

  private BoundedSubject(String text, long[] reads) {
    this.text = text;
    this.reads = reads;
  }

  /** {@code text} with a fresh budget. */
  static BoundedSubject of(String text) {
    return new BoundedSubject(text, new long[1]);
  }

  @Override
  public char charAt(int index) {
    if (++reads[0] > READ_BUDGET) {
      throw new BudgetExceeded();
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new BoundedSubject(text.substring(start, end), reads);
  }

  @Override
  public String toString() {
    return text;
  }

  /** Thrown when the budget is spent. */
  static final class BudgetExceeded extends RuntimeException {
    BudgetExceeded() {
      super(null, null, false, false);
    }
  }
}
