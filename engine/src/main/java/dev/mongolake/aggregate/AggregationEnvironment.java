package dev.mongolake.aggregate;

import java.nio.file.Path;
import java.time.Instant;
import org.bson.BsonDocument;

/**
 * What a pipeline may use beyond its input: the command's start time ({@code $$NOW}), its {@code
 * let} variables, and (for the stages that read or write other collections) the database. The
 * engine implements it per command; {@link #standalone} serves pipelines over a given input only.
 */
public interface AggregationEnvironment {

  /** The command's start, the value of {@code $$NOW} throughout it. */
  Instant now();

  /** The command's {@code let} document: variable names and their expressions (may be empty). */
  BsonDocument let();

  /**
   * Whether a blocking stage over its memory limit may spill to disk ({@code allowDiskUse}); true
   * unless the command says otherwise, as in MongoDB 6+.
   */
  default boolean allowDiskUse() {
    return true;
  }

  /** The memory one blocking stage may hold before it spills or fails: MongoDB's 100 MiB. */
  default long memoryLimitBytesPerStage() {
    return 100L * 1024 * 1024;
  }

  /**
   * Where stages spill: a folder the command's temporary files go under (the engine's is {@code
   * _tmp} in the data directory, emptied at start).
   */
  default Path spillDirectory() {
    return Path.of(System.getProperty("java.io.tmpdir"), "mongolake-spill");
  }

  /** An environment with no other collections, for pipelines over a given input. */
  static AggregationEnvironment standalone(Instant now, BsonDocument let) {
    BsonDocument copy = let.clone();
    return new AggregationEnvironment() {
      @Override
      public Instant now() {
        return now;
      }

      @Override
      public BsonDocument let() {
        return copy;
      }
    };
  }
}
