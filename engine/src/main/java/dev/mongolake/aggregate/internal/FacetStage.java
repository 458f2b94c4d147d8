package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.BsonMemory;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.internal.read.ValueText;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $facet: {name: [stages], ...}}: every sub-pipeline runs over the same input (read once and
 * held, or spilled past the memory limit: {@link FacetInput}), and the stage outputs one document
 * with each sub-pipeline's results as an array under its name. Sub-pipelines may not hold stages
 * that must stand first or last, nor {@code $facet} itself (40600, as MongoDB). Results past 100
 * MiB fail with MongoDB's 4031700.
 *
 * @param facets the sub-pipelines, in order
 */
record FacetStage(List<Facet> facets) implements PipelineStage {

  /** One named sub-pipeline. */
  record Facet(String name, List<PipelineStage> stages) {}

  /**
   * MongoDB's {@code internalQueryFacetMaxOutputDocSizeBytes}: the output document may hold 100 MiB
   * of results (counted as they come, so a huge facet fails before it is all built).
   */
  static final long MAX_OUTPUT_BYTES = 100L * 1024 * 1024;

  /** Stages MongoDB does not allow inside {@code $facet}, refused before they are parsed. */
  private static final Set<String> NOT_ALLOWED =
      Set.of(
          "$facet",
          "$out",
          "$merge",
          "$collStats",
          "$indexStats",
          "$geoNear",
          "$planCacheStats",
          "$changeStream",
          "$changeStreamSplitLargeEvent",
          "$documents",
          "$currentOp",
          "$listLocalSessions",
          "$listSessions",
          "$listCatalog",
          "$listSampledQueries",
          "$listSearchIndexes",
          "$queryStats",
          "$search",
          "$searchMeta",
          "$vectorSearch",
          "$shardedDataDistribution");

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!(specification instanceof BsonDocument spec) || spec.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40169,
          "the $facet specification must be a non-empty object, but found: "
              + ValueText.element("$facet", specification));
    }
    List<Facet> facets = new ArrayList<>();
    for (Map.Entry<String, BsonValue> facet : spec.entrySet()) {
      String name = facet.getKey();
      checkName(name);
      if (!facet.getValue().isArray()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40170,
            "arguments to $facet must be arrays, "
                + name
                + " is type "
                + BsonTypeNames.of(facet.getValue()));
      }
      facets.add(new Facet(name, stages(name, facet.getValue().asArray(), context)));
    }
    return new FacetStage(facets);
  }

  private static List<PipelineStage> stages(String name, BsonArray raw, PipelineContext context) {
    List<PipelineStage> stages = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      BsonValue element = raw.get(i);
      if (!element.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40171,
            "elements of arrays in $facet spec must be non-empty objects, "
                + name
                + " argument contained an element of type "
                + BsonTypeNames.of(element)
                + ": "
                + ValueText.element(Integer.toString(i), element));
      }
      BsonDocument stage = element.asDocument();
      String stageName = StageParsers.stageName(stage);
      if (NOT_ALLOWED.contains(stageName)) {
        throw notAllowed(stageName);
      }
      PipelineStage parsed = StageParsers.parse(stageName, stage.get(stageName), context);
      if (parsed.position() != StagePosition.ANYWHERE) {
        throw notAllowed(stageName);
      }
      stages.add(parsed);
    }
    return List.copyOf(stages);
  }

  private static MongoLakeException notAllowed(String stage) {
    return new MongoLakeException(
        ErrorCode.LOCATION_40600, stage + " is not allowed to be used within a $facet stage");
  }

  /** A facet's name follows the rules of a field name, as MongoDB checks them. */
  private static void checkName(String name) {
    String context =
        "$facet pipeline names must follow the naming rules of field path expressions. :: caused"
            + " by :: ";
    if (name.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15998, context + "FieldPath field names may not be empty strings.");
    }
    if (name.startsWith("$")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16410,
          context
              + "FieldPath field names may not start with '$'. Consider using $getField or"
              + " $setField.");
    }
    if (name.contains(".")) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_16411, context + "FieldPath field names may not contain '.'.");
    }
  }

  @Override
  public String name() {
    return "$facet";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return new Iterator<>() {
      private boolean done;

      @Override
      public boolean hasNext() {
        return !done;
      }

      @Override
      public BsonDocument next() {
        if (done) {
          throw new java.util.NoSuchElementException();
        }
        done = true;
        return run(input, context);
      }
    };
  }

  private BsonDocument run(Iterator<BsonDocument> input, PipelineContext context) {
    FacetInput documents = FacetInput.of(input, context);
    try {
      return facets(documents, context);
    } finally {
      documents.closeReplays();
    }
  }

  private BsonDocument facets(FacetInput documents, PipelineContext context) {
    BsonDocument out = new BsonDocument();
    long outputBytes = 0;
    for (Facet facet : facets) {
      Iterator<BsonDocument> results = documents.replay();
      for (PipelineStage stage : facet.stages()) {
        results = stage.apply(results, context);
      }
      BsonArray array = new BsonArray();
      while (results.hasNext()) {
        BsonDocument result = results.next();
        outputBytes += BsonMemory.of(result);
        if (outputBytes > MAX_OUTPUT_BYTES) {
          throw new MongoLakeException(
              ErrorCode.LOCATION_4031700,
              "document constructed by $facet is "
                  + outputBytes
                  + " bytes, which exceeds the limit of "
                  + MAX_OUTPUT_BYTES
                  + " bytes");
        }
        array.add(result);
      }
      out.put(facet.name(), array);
    }
    return out;
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    // A sub-pipeline may return its input as it came; reading less would change its output.
    dependencies.addWholeDocument();
  }

  @Override
  public boolean isBlocking() {
    return true;
  }

  @Override
  public BsonDocument explain() {
    BsonDocument spec = new BsonDocument();
    for (Facet facet : facets) {
      BsonArray stages = new BsonArray();
      facet.stages().forEach(stage -> stages.add(stage.explain()));
      spec.put(facet.name(), stages);
    }
    return new BsonDocument(name(), spec);
  }
}
