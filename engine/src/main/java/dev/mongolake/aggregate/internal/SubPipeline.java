package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.bson.BsonTypeNames;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The pipeline of a {@code $lookup} or {@code $unionWith}, parsed once in the scope its stage gives
 * it and run once per use: over a foreign collection (its leading {@code $match}, {@code $sort},
 * {@code $skip} and {@code $limit} run as the collection's find, through its query planner), or
 * from its own {@code $documents}. Stages that write ({@code $out}, {@code $merge}) are refused
 * inside, as in MongoDB.
 *
 * @param specification the stages as written
 * @param stages the parsed stages
 * @param prefix the leading stages a find runs
 */
record SubPipeline(
    List<BsonDocument> specification, List<PipelineStage> stages, Pipeline.FindPrefix prefix) {

  /**
   * Parses {@code value} (an array of stage documents) for {@code owner} ({@code $lookup}, {@code
   * $unionWith}).
   */
  static SubPipeline parse(BsonValue value, PipelineContext context, String owner) {
    if (!value.isArray()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          owner.equals("$lookup")
              ? "'pipeline' option must be specified as an array"
              : "BSON field '"
                  + owner
                  + ".pipeline' is the wrong type '"
                  + BsonTypeNames.of(value)
                  + "', expected type 'array'");
    }
    List<BsonDocument> specs = new ArrayList<>();
    for (BsonValue stage : value.asArray()) {
      if (!stage.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH, "Each element of the 'pipeline' array must be an object");
      }
      specs.add(stage.asDocument());
    }
    return parse(specs, context, owner);
  }

  static SubPipeline parse(List<BsonDocument> specs, PipelineContext context, String owner) {
    List<PipelineStage> stages = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      BsonDocument stage = specs.get(i);
      String name = StageParsers.stageName(stage);
      if (name.equals("$indexStats")) {
        // It would report the outer pipeline's collection: the environment names only that one.
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot run stage $indexStats: not supported in a " + owner + "'s sub-pipeline");
      }
      PipelineStage parsed = StageParsers.parse(name, stage.get(name), context);
      if (parsed.position() == StagePosition.LAST) {
        throw new MongoLakeException(
            owner.equals("$lookup") ? ErrorCode.LOCATION_51047 : ErrorCode.LOCATION_31441,
            name + " is not allowed within a " + owner + "'s sub-pipeline");
      }
      if (parsed.position() == StagePosition.FIRST && i != 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40602, name + " is only valid as the first stage in a pipeline");
      }
      stages.add(parsed);
    }
    boolean fromDocuments = startsWithDocuments(specs);
    // Optimized as a top-level pipeline is, so that its prefix runs through the planner; parsed in
    // this context, so that the prefix's $expr sees the sub-pipeline's variables.
    List<PipelineStage> optimized = PipelineOptimizer.optimize(stages);
    Pipeline.FindPrefix prefix;
    if (fromDocuments) {
      prefix = new Pipeline.FindPrefix(new BsonDocument(), new BsonDocument(), 0, 0, 0);
    } else {
      PlanPrefix plan = PlanPrefix.of(optimized);
      prefix =
          new Pipeline.FindPrefix(
              plan.filter(), plan.sort(), plan.skip(), plan.limit(), plan.stages());
    }
    return new SubPipeline(List.copyOf(specs), List.copyOf(optimized), prefix);
  }

  /** Whether the pipeline makes its own documents ({@code $documents} first). */
  boolean fromDocuments() {
    return startsWithDocuments(specification);
  }

  private static boolean startsWithDocuments(List<BsonDocument> specs) {
    return !specs.isEmpty() && specs.getFirst().containsKey("$documents");
  }

  /**
   * The pipeline's results over {@code collection} (ignored when the pipeline starts with {@code
   * $documents}), keeping only the documents matching {@code filter} (or {@code null}) before the
   * pipeline's own stages (after {@code $documents}).
   */
  List<BsonDocument> run(
      MongoLakeCollection<BsonDocument> collection, BsonDocument filter, PipelineContext context) {
    return run(collection, filter, null, context);
  }

  /**
   * As {@link #run(MongoLakeCollection, BsonDocument, PipelineContext)}; under a collation other
   * than the simple one the foreign find reads only {@code candidates} (a superset of {@code
   * filter}'s documents under any collation, or {@code null} for the whole collection), and {@code
   * filter} and every stage run here under the pipeline's collation, since the foreign find would
   * compare by the collection's own.
   */
  List<BsonDocument> run(
      MongoLakeCollection<BsonDocument> collection,
      BsonDocument filter,
      BsonDocument candidates,
      PipelineContext context) {
    Iterator<BsonDocument> current;
    int from;
    if (fromDocuments()) {
      current = stages.getFirst().apply(List.<BsonDocument>of().iterator(), context);
      if (filter != null && !filter.isEmpty()) {
        current = MatchStage.parse(filter, context).apply(current, context);
      }
      from = 1;
    } else if (!context.order().isSimple()) {
      current = CollatedForeignReads.findAll(collection, filter, candidates, context).iterator();
      from = 0;
    } else {
      current =
          ForeignCollections.findAll(
                  collection,
                  prefix,
                  filter,
                  context.letValues(),
                  context.environment().allowDiskUse())
              .iterator();
      from = prefix.stages();
    }
    for (int i = from; i < stages.size(); i++) {
      current = stages.get(i).apply(current, context);
    }
    List<BsonDocument> out = new ArrayList<>();
    current.forEachRemaining(out::add);
    return out;
  }

  /** The pipeline as explain shows it. */
  BsonArray explain() {
    BsonArray out = new BsonArray();
    stages.forEach(stage -> out.add(stage.explain()));
    return out;
  }
}
