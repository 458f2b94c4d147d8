package dev.mongolake.aggregate;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.Collation;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * What a pipeline may use beyond its input: the command's start time ({@code $$NOW}), its {@code
 * let} variables, and (for the stages that read or write other collections: {@code $lookup}, {@code
 * $graphLookup}, {@code $unionWith}, {@code $out}, {@code $merge}) the databases. The engine
 * implements it per command; {@link #standalone} serves pipelines over a given input only, and
 * refuses the stages that need a database.
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

  /**
   * The collation the pipeline's comparisons of strings follow ({@code $match}, {@code $sort},
   * grouping, expressions): the command's {@code collation}, else its collection's default; simple
   * unless set.
   */
  default Collation collation() {
    return Collation.SIMPLE;
  }

  /** The memory one blocking stage may hold before it spills or fails: MongoDB's 100 MiB. */
  default long memoryLimitBytesPerStage() {
    return 100L * 1024 * 1024;
  }

  /**
   * Where stages spill: a folder the command's temporary files go under (the engine's is {@code
   * _mongolake/tmp} in the data folder, emptied at start).
   */
  default Path spillDirectory() {
    return Path.of(System.getProperty("java.io.tmpdir"), "mongolake-spill");
  }

  /**
   * The database the command runs in: where {@code from}, {@code coll} and {@code into} names
   * resolve.
   *
   * @throws MongoLakeException NotImplemented when the pipeline has no database
   */
  default String databaseName() {
    throw noDatabase();
  }

  /**
   * The collection a collection-level aggregate reads (its {@code aggregate} field), for the stages
   * that report on it ({@code $indexStats}); empty for a database-level aggregate or given
   * documents.
   */
  default Optional<String> collectionName() {
    return Optional.empty();
  }

  /**
   * The {@code host:port} that answered the command, as stages that report the process ({@code
   * $indexStats}) name it; embedded, the machine's host name.
   */
  default String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  /**
   * A database of the same MongoLake, to read collections through their query planners and write to
   * them.
   *
   * @throws MongoLakeException NotImplemented when the pipeline has no database
   */
  default MongoLakeDatabase database(String name) {
    throw noDatabase();
  }

  private static MongoLakeException noDatabase() {
    return new MongoLakeException(
        ErrorCode.NOT_IMPLEMENTED,
        "this pipeline runs over given documents only: it cannot read or write collections");
  }

  /** An environment with no other collections, for pipelines over a given input. */
  static AggregationEnvironment standalone(Instant now, BsonDocument let) {
    return standalone(now, let, true);
  }

  /**
   * An environment with no other collections, for pipelines over a given input, whose blocking
   * stages spill past their memory limit only with {@code allowDiskUse}.
   */
  static AggregationEnvironment standalone(Instant now, BsonDocument let, boolean allowDiskUse) {
    return standalone(now, let, allowDiskUse, Collation.SIMPLE);
  }

  /**
   * An environment with no other collections, for pipelines over a given input, whose comparisons
   * of strings follow {@code collation}.
   */
  static AggregationEnvironment standalone(Instant now, BsonDocument let, Collation collation) {
    return standalone(now, let, true, collation);
  }

  /**
   * An environment with no other collections, for pipelines over a given input, whose blocking
   * stages spill only with {@code allowDiskUse} and whose comparisons of strings follow {@code
   * collation}.
   */
  static AggregationEnvironment standalone(
      Instant now, BsonDocument let, boolean allowDiskUse, Collation collation) {
    java.util.Objects.requireNonNull(collation, "collation");
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

      @Override
      public boolean allowDiskUse() {
        return allowDiskUse;
      }

      @Override
      public Collation collation() {
        return collation;
      }
    };
  }
}
