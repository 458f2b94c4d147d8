package dev.mongolake.delta.dv.internal;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.UUID;

/**
 * The Z85 variant of Base85 (ZeroMQ RFC 32) that Delta uses for deletion vector ids and inline
 * deletion vectors: every 4 bytes, read as a big-endian unsigned integer, become 5 characters of a
 * JSON-safe alphabet. Data whose length is not a multiple of 4 is padded with zero bytes before
 * encoding (as Delta does); the reader of such data knows its real length and cuts the padding off.
 * Stateless and thread-safe.
 */
public final class Z85 {
  private static final char[] ALPHABET =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
          .toCharArray();
  private static final byte[] DIGITS = new byte[128];

  /** Characters of an encoded UUID (16 bytes). */
  public static final int UUID_LENGTH = 20;

  static {
    Arrays.fill(DIGITS, (byte) -1);
    for (int i = 0; i < ALPHABET.length; i++) {
      DIGITS[ALPHABET[i]] = (byte) i;
    }
  }

  private Z85() {}

  /** Encodes {@code data}, zero-padded to a multiple of 4 bytes. */
  public static String encode(byte[] data) {
    int groups = (data.length + 3) / 4;
    byte[] padded = Arrays.copyOf(data, groups * 4);
    StringBuilder out = new StringBuilder(groups * 5);
    char[] group = new char[5];
    for (int g = 0; g < groups; g++) {
      long value = ByteBuffer.wrap(padded, g * 4, 4).getInt() & 0xFFFFFFFFL;
      for (int i = 4; i >= 0; i--) {
        group[i] = ALPHABET[(int) (value % 85)];
        value /= 85;
      }
      out.append(group);
    }
    return out.toString();
  }

  /**
   * Decodes a Z85 string: 4 bytes for every 5 characters.
   *
   * @throws IllegalArgumentException if the length is not a multiple of 5, a character is not in
   *     the alphabet, or a group exceeds 32 bits
   */
  public static byte[] decode(String text) {
    if (text.length() % 5 != 0) {
      throw new IllegalArgumentException(
          "Z85 text has " + text.length() + " characters, not a multiple of 5");
    }
    ByteBuffer out = ByteBuffer.allocate(text.length() / 5 * 4);
    for (int g = 0; g < text.length(); g += 5) {
      long value = 0;
      for (int i = 0; i < 5; i++) {
        char c = text.charAt(g + i);
        int digit = c < 128 ? DIGITS[c] : -1;
        if (digit < 0) {
          throw new IllegalArgumentException(
              "Z85 text has character '" + c + "' at " + (g + i) + ", not in the alphabet");
        }
        value = value * 85 + digit;
      }
      if (value > 0xFFFFFFFFL) {
        throw new IllegalArgumentException(
            "Z85 text has group " + text.substring(g, g + 5) + " above 32 bits");
      }
      out.putInt((int) value);
    }
    return out.array();
  }

  /** Encodes a UUID as its 16 big-endian bytes: 20 characters. */
  public static String encodeUuid(UUID uuid) {
    ByteBuffer bytes = ByteBuffer.allocate(16);
    bytes.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
    return encode(bytes.array());
  }

  /**
   * Decodes the 20 characters of an encoded UUID.
   *
   * @throws IllegalArgumentException if {@code text} is not 20 Z85 characters
   */
  public static UUID decodeUuid(String text) {
    if (text.length() != UUID_LENGTH) {
      throw new IllegalArgumentException(
          "an encoded UUID has " + UUID_LENGTH + " characters, not " + text.length());
    }
    ByteBuffer bytes = ByteBuffer.wrap(decode(text));
    return new UUID(bytes.getLong(), bytes.getLong());
  }
}
