package dev.mongolake.daktilo;

import java.nio.charset.StandardCharsets;

/** Deterministic test payloads. */
final class Payloads {
  private Payloads() {}

  static byte[] of(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** A payload whose bytes depend on the sequence it is expected to get. */
  static byte[] forSequence(long sequence, int size) {
    byte[] b = new byte[size];
    long x = sequence * 0x9E3779B97F4A7C15L;
    for (int i = 0; i < size; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
      b[i] = (byte) x;
    }
    return b;
  }

  static String text(LogEntry e) {
    return new String(e.payload(), StandardCharsets.UTF_8);
  }
}
