package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Map;
import org.bson.BsonValue;

/**
 * A {@code $bucketAuto} granularity: rounds bucket boundaries up and down to a series of preferred
 * numbers (Renard R5..R80, 1-2-5, E6..E192) or to powers of two, as MongoDB's rounders do.
 */
interface GranularityRounder {

  /** The smallest series value strictly greater than {@code value} (0 stays 0). */
  BsonValue roundUp(BsonValue value);

  /** The largest series value strictly less than {@code value} (0 stays 0). */
  BsonValue roundDown(BsonValue value);

  /**
   * The rounder named {@code granularity}.
   *
   * @throws MongoLakeException 40257 for an unknown name
   */
  static GranularityRounder named(String granularity) {
    GranularityRounder rounder = Registry.ROUNDERS.get(granularity);
    if (rounder == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40257, "Unknown rounding granularity '" + granularity + "'");
    }
    return rounder;
  }

  /** The rounders by name. */
  final class Registry {
    private Registry() {}

    static final Map<String, GranularityRounder> ROUNDERS =
        Map.ofEntries(
            Map.entry("R5", PreferredNumberRounder.of(10, 16, 25, 40, 63)),
            Map.entry(
                "R10", PreferredNumberRounder.of(100, 125, 160, 200, 250, 315, 400, 500, 630, 800)),
            Map.entry("R20", PreferredNumberRounder.r20()),
            Map.entry("R40", PreferredNumberRounder.r40()),
            Map.entry("R80", PreferredNumberRounder.r80()),
            Map.entry("1-2-5", PreferredNumberRounder.of(10, 20, 50)),
            Map.entry("E6", PreferredNumberRounder.of(10, 15, 22, 33, 47, 68)),
            Map.entry(
                "E12", PreferredNumberRounder.of(10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82)),
            Map.entry("E24", PreferredNumberRounder.e24()),
            Map.entry("E48", PreferredNumberRounder.e48()),
            Map.entry("E96", PreferredNumberRounder.e96()),
            Map.entry("E192", PreferredNumberRounder.e192()),
            Map.entry("POWERSOF2", new PowersOfTwoRounder()));
  }
}
