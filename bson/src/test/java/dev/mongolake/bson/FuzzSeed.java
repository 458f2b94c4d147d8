package dev.mongolake.bson;

/**
 * The seed of a fuzz run: fixed in the suite, so that the build gate is reproducible and fails only
 * on a change; {@code -Dmongolake.fuzz.seed=random} explores new cases (the failure message names
 * the seed to replay with {@code -Dmongolake.fuzz.seed=<seed>}).
 */
public final class FuzzSeed {

  /** The suite's seed. */
  public static final long SUITE = 20_261_201L;

  private FuzzSeed() {}

  public static long get() {
    String asked = System.getProperty("mongolake.fuzz.seed");
    if (asked == null || asked.isBlank()) {
      return SUITE;
    }
    return asked.equals("random") ? System.nanoTime() : Long.parseLong(asked);
  }
}
