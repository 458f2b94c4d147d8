package dev.mongolake.aggregate;

import java.nio.file.Path;
import java.time.Instant;
import org.bson.BsonDocument;

/**
 * A pipeline environment for the memory-limit tests: a stage limit, disk use allowed or not, and
 * the test's own spill folder; {@code $$NOW} is the epoch and there is no {@code let}.
 */
record LimitedMemoryEnvironment(
    long memoryLimitBytesPerStage, boolean allowDiskUse, Path spillDirectory)
    implements AggregationEnvironment {

  @Override
  public Instant now() {
    return Instant.EPOCH;
  }

  @Override
  public BsonDocument let() {
    return new BsonDocument();
  }
}
