package dev.mongolake.bench;

import java.util.SplittableRandom;

/** Record payloads of a given size filled with incompressible bytes, fixed per seed. */
public final class Payloads {

  /** One payload of {@code size} bytes. */
  public static byte[] random(int size, long seed) {
    byte[] payload = new byte[size];
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < size; i++) {
      payload[i] = (byte) random.nextInt(256);
    }
    return payload;
  }

  /**
   * One payload of {@code size} bytes of JSON-like text that compresses about as well as real
   * documents (zstd level 1 ratio ~3-5), varied by {@code seed}.
   */
  public static byte[] compressible(int size, long seed) {
    String pattern =
        "{\"_id\":"
            + seed
            + ",\"name\":\"user-"
            + (seed % 997)
            + "\",\"tags\":[\"a\",\"b\"],\"n\":";
    StringBuilder text = new StringBuilder(size + pattern.length());
    SplittableRandom random = new SplittableRandom(seed);
    while (text.length() < size) {
      text.append(pattern).append(random.nextInt(100_000)).append('}');
    }
    byte[] payload = new byte[size];
    System.arraycopy(
        text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, payload, 0, size);
    return payload;
  }

  private Payloads() {}
}
