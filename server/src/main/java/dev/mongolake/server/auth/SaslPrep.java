package dev.mongolake.server.auth;

import java.text.Normalizer;

/**
 * SASLprep (RFC 4013) for SCRAM-SHA-256 passwords, as drivers apply it: non-ASCII spaces map to a
 * space, "commonly mapped to nothing" characters are removed, the result is NFKC-normalized, and
 * control characters are refused.
 */
final class SaslPrep {

  private SaslPrep() {}

  static String prepare(String password) {
    StringBuilder mapped = new StringBuilder(password.length());
    password
        .codePoints()
        .forEach(
            cp -> {
              if (isMappedToNothing(cp)) {
                return;
              }
              mapped.appendCodePoint(isNonAsciiSpace(cp) ? ' ' : cp);
            });
    String normalized = Normalizer.normalize(mapped, Normalizer.Form.NFKC);
    normalized
        .codePoints()
        .forEach(
            cp -> {
              if (Character.isISOControl(cp) || (cp >= 0xE000 && cp <= 0xF8FF)) {
                throw new IllegalArgumentException(
                    "Cannot use password: it contains a prohibited character U+"
                        + Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT));
              }
            });
    return normalized;
  }

  private static boolean isNonAsciiSpace(int cp) {
    return cp == 0x00A0
        || cp == 0x1680
        || (cp >= 0x2000 && cp <= 0x200B)
        || cp == 0x202F
        || cp == 0x205F
        || cp == 0x3000;
  }

  private static boolean isMappedToNothing(int cp) {
    return cp == 0x00AD
        || cp == 0x034F
        || cp == 0x1806
        || (cp >= 0x180B && cp <= 0x180D)
        || (cp >= 0x200B && cp <= 0x200D)
        || cp == 0x2060
        || (cp >= 0xFE00 && cp <= 0xFE0F)
        || cp == 0xFEFF;
  }
}
