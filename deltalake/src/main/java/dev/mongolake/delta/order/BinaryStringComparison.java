package dev.mongolake.delta.order;

/**
 * Compares Java strings in the order of their UTF-8 bytes (code point order), which is MongoDB's
 * simple binary collation. Plain {@link String#compareTo} compares UTF-16 code units and puts
 * supplementary characters (surrogate pairs) before U+E000..U+FFFF, which UTF-8 does not.
 */
public final class BinaryStringComparison {
  private BinaryStringComparison() {}

  public static int compare(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        return Integer.compare(codePointRank(ca), codePointRank(cb));
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  // Surrogates (D800..DFFF) stand for code points above FFFF, so they must rank after E000..FFFF.
  private static int codePointRank(char c) {
    if (c >= 0xE000) {
      return c - 0x800;
    }
    if (c >= 0xD800) {
      return c + 0x2000;
    }
    return c;
  }
}
