package dev.mongolake;

import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Clock;

/**
 * How to open a {@link MongoLake}.
 *
 * @param path the data root (default {@code $MONGOLAKE_PATH}, else {@code ./.mongolake})
 * @param durability when a write is acknowledged: {@code BATCH} (default: durable, sharing disk
 *     syncs with concurrent writes), {@code STRICT} (one sync per write) or {@code ASYNC} (after
 *     the OS write; a crash may lose the last moments)
 * @param clock the time source for {@code $currentDate}, timestamps and TTL
 */
public record MongoLakeOptions(Path path, Durability durability, Clock clock) {

  /** The environment variable naming the default data root. */
  public static final String PATH_VARIABLE = "MONGOLAKE_PATH";

  /** Defaults: {@code $MONGOLAKE_PATH} or {@code ./.mongolake}, batch durability, the UTC clock. */
  public static MongoLakeOptions defaults() {
    String fromEnvironment = System.getenv(PATH_VARIABLE);
    Path path =
        fromEnvironment == null || fromEnvironment.isBlank()
            ? Path.of(".mongolake")
            : Path.of(fromEnvironment);
    return new MongoLakeOptions(path, Durability.BATCH, Clock.systemUTC());
  }

  public MongoLakeOptions withPath(Path value) {
    return new MongoLakeOptions(value, durability, clock);
  }

  public MongoLakeOptions withDurability(Durability value) {
    return new MongoLakeOptions(path, value, clock);
  }

  public MongoLakeOptions withClock(Clock value) {
    return new MongoLakeOptions(path, durability, value);
  }
}
