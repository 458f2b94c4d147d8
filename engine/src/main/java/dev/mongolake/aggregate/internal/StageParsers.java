package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.internal.SpecNesting;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The registry of stage parsers, by stage name, and the stages MongoDB has that MongoLake refuses
 * on purpose (answered NotImplemented with the reason, rather than as unknown).
 */
public final class StageParsers {

  private static final Map<String, StageParser> PARSERS =
      Map.ofEntries(
          Map.entry("$match", MatchStage::parse),
          Map.entry("$sort", SortStage::parse),
          Map.entry("$skip", SkipStage::parse),
          Map.entry("$limit", LimitStage::parse),
          Map.entry("$project", ProjectStage::parse),
          Map.entry("$count", CountStage::parse),
          Map.entry("$group", GroupStage::parse),
          Map.entry("$setWindowFields", SetWindowFieldsStage::parse),
          Map.entry("$densify", DensifyStage::parse),
          Map.entry("$fill", FillStage::parse),
          Map.entry("$addFields", AddFieldsStage::parseAddFields),
          Map.entry("$set", AddFieldsStage::parseSet),
          Map.entry("$unset", UnsetStage::parse),
          Map.entry("$replaceRoot", ReplaceRootStage::parseReplaceRoot),
          Map.entry("$replaceWith", ReplaceRootStage::parseReplaceWith),
          Map.entry("$unwind", UnwindStage::parse),
          Map.entry("$sample", SampleStage::parse),
          Map.entry("$redact", RedactStage::parse),
          Map.entry("$facet", FacetStage::parse),
          Map.entry("$currentOp", StageParsers::currentOpElsewhere),
          Map.entry("$documents", DocumentsStage::parse),
          Map.entry("$lookup", LookupStage::parse),
          Map.entry("$unionWith", UnionWithStage::parse),
          Map.entry("$graphLookup", GraphLookupStage::parse),
          Map.entry("$out", OutStage::parse),
          Map.entry("$merge", MergeStage::parse),
          Map.entry("$bucket", BucketStage::parse),
          Map.entry("$bucketAuto", BucketAutoStage::parse),
          Map.entry("$sortByCount", SortByCountStage::parse),
          Map.entry("$indexStats", IndexStatsStage::parse));

  private static final Map<String, String> REFUSED =
      Map.ofEntries(
          Map.entry("$search", "Atlas Search is not available"),
          Map.entry("$searchMeta", "Atlas Search is not available"),
          Map.entry("$vectorSearch", "Atlas Vector Search is not available"),
          Map.entry("$listSearchIndexes", "Atlas Search is not available"),
          Map.entry("$geoNear", "geospatial queries are not supported"),
          Map.entry("$listSessions", "the stage is not supported"),
          Map.entry("$listLocalSessions", "the stage is not supported"),
          Map.entry("$planCacheStats", "there is no plan cache"),
          Map.entry("$listSampledQueries", "query sampling is not supported"),
          Map.entry("$shardedDataDistribution", "sharding is not supported"));

  /**
   * Stages MongoDB runs only on a replica set, refused as a standalone {@code mongod} refuses them
   * (the server is one until it reports a replica set).
   */
  private static final Map<String, String> REPLICA_SET_ONLY =
      Map.of("$changeStream", "The $changeStream stage is only supported on replica sets");

  private StageParsers() {}

  /**
   * Parses the stage named {@code name}.
   *
   * @throws MongoLakeException 40324 for an unknown stage, 238 for one refused on purpose, 40573
   *     for {@code $changeStream} (a replica set's)
   */
  public static PipelineStage parse(String name, BsonValue specification, PipelineContext context) {
    StageParser parser = PARSERS.get(name);
    if (parser == null) {
      String standalone = REPLICA_SET_ONLY.get(name);
      if (standalone != null) {
        throw new MongoLakeException(ErrorCode.LOCATION_40573, standalone);
      }
      String reason = REFUSED.get(name);
      if (reason != null) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED, "Cannot run stage " + name + ": " + reason);
      }
      throw new MongoLakeException(
          ErrorCode.LOCATION_40324, "Unrecognized pipeline stage name: '" + name + "'");
    }
    return parser.parse(specification, context);
  }

  /**
   * {@code $currentOp} works only as the first stage of {@code {aggregate: 1}} on {@code admin},
   * where the server answers it from the operations it runs; anywhere else it is refused as MongoDB
   * refuses it.
   */
  private static PipelineStage currentOpElsewhere(
      BsonValue specification, PipelineContext context) {
    throw new MongoLakeException(
        ErrorCode.INVALID_NAMESPACE,
        "$currentOp must be run against the 'admin' database with {aggregate: 1}");
  }

  /**
   * The name of the stage {@code stage} specifies: its one field.
   *
   * @throws MongoLakeException Overflow when it nests too deep, 40323 when it has not exactly one
   *     field
   */
  public static String stageName(BsonDocument stage) {
    SpecNesting.check(stage, "pipeline stage");
    if (stage.size() != 1) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40323,
          "A pipeline stage specification object must contain exactly one field.");
    }
    return stage.getFirstKey();
  }

  /** The names of the stages that work. */
  public static java.util.Set<String> supported() {
    return new java.util.TreeSet<>(PARSERS.keySet());
  }
}
