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

  private Payloads() {}
}
