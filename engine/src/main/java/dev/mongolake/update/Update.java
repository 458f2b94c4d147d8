package dev.mongolake.update;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.internal.SpecNesting;
import dev.mongolake.update.internal.DocumentUnderUpdate;
import dev.mongolake.update.internal.PipelineUpdate;
import dev.mongolake.update.internal.PipelineUpdateCheck;
import dev.mongolake.update.internal.UpdateParser;
import dev.mongolake.update.internal.UpdatePlan;
import dev.mongolake.update.internal.UpdateStep;
import dev.mongolake.update.internal.operators.StandardModifiers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A parsed, validated MongoDB update ({@code {$set: {...}, $inc: {...}}}), ready to apply to any
 * number of documents. This is what updateOne/updateMany/findOneAndUpdate and bulk updates run.
 *
 * <p>Parsing does every check that does not depend on a document (unknown operators, bad arguments,
 * conflicting paths, array filters); applying does the rest (types of existing values, paths
 * through scalars, the immutable {@code _id}), as MongoDB does. Fields are applied in MongoDB's
 * order (numeric field names numerically, others lexicographically): existing fields keep their
 * place and new fields are appended in that order.
 *
 * <p>Instances are immutable and thread-safe. Every failure is a {@link MongoLakeException} with
 * MongoDB's code and message. See {@code docs/update-operators.md}.
 */
public final class Update {
  private static final UpdateParser PARSER = new UpdateParser(StandardModifiers.registry());

  private final BsonDocument source;
  private final UpdatePlan plan;
  private final PipelineUpdate pipeline;

  private Update(BsonDocument source, UpdatePlan plan) {
    this.source = source;
    this.plan = plan;
    this.pipeline = null;
  }

  private Update(PipelineUpdate pipeline) {
    this.source = new BsonDocument();
    this.plan = new UpdatePlan(List.of(), Map.of());
    this.pipeline = pipeline;
  }

  /** Parses an update document without array filters. */
  public static Update parse(BsonDocument update) {
    return parse(update, UpdateOptions.DEFAULT);
  }

  /**
   * Parses an update document.
   *
   * @throws MongoLakeException FailedToParse for an empty or replacement-style document ({@code
   *     "Update document requires atomic operators"}), an unknown operator or an empty operator;
   *     ConflictingUpdateOperators for two operations on one path; the operator's own code for a
   *     bad argument; BadValue/FailedToParse for invalid or unused array filters; Overflow when
   *     {@code update} nests past {@link dev.mongolake.bson.BsonNesting#MAX_DEPTH}
   * @throws NullPointerException if an argument is null
   */
  public static Update parse(BsonDocument update, UpdateOptions options) {
    Objects.requireNonNull(update, "update");
    Objects.requireNonNull(options, "options");
    SpecNesting.check(update, "update");
    BsonDocument copy = update.clone();
    return new Update(copy, PARSER.parse(copy, options.arrayFilters(), options.collation()));
  }

  /**
   * Parses the {@code u} of an update command when it is an operator document or a pipeline (an
   * array of the stages {@code $addFields $set $project $unset $replaceRoot $replaceWith}), with
   * {@code $$NOW} the time of the call and no {@code let}; an empty pipeline is a no-op.
   *
   * @throws MongoLakeException as {@link #parse(BsonDocument, UpdateOptions)}, or for a pipeline
   *     (TypeMismatch, FailedToParse, InvalidOptions for a stage an update may not use,
   *     FailedToParse for array filters with a pipeline, the stage's own codes), or FailedToParse
   *     when {@code update} is neither a document nor an array
   */
  public static Update parse(BsonValue update, UpdateOptions options) {
    return parse(
        update,
        options,
        AggregationEnvironment.standalone(Instant.now(), new BsonDocument(), options.collation()));
  }

  /**
   * Parses the {@code u} of an update command as {@link #parse(BsonValue, UpdateOptions)}, with a
   * pipeline's {@code $$NOW} and {@code let} from {@code environment}. An operator document
   * compares by {@link UpdateOptions#collation()}, a pipeline by {@link
   * AggregationEnvironment#collation()}: the two must be the command's one collation.
   *
   * @throws IllegalArgumentException when {@code update} is a pipeline and the options name a
   *     collation other than the simple one that differs from the environment's
   */
  public static Update parse(
      BsonValue update, UpdateOptions options, AggregationEnvironment environment) {
    Objects.requireNonNull(update, "update");
    if (update.isArray()
        && !options.collation().isSimple()
        && !options.collation().equals(environment.collation())) {
      throw new IllegalArgumentException(
          "the update's collation "
              + options.collation().toDocument().toJson()
              + " differs from its pipeline environment's "
              + environment.collation().toDocument().toJson());
    }
    if (update.isDocument()) {
      return parse(update.asDocument(), options);
    }
    if (update.isArray()) {
      for (BsonValue stage : update.asArray()) {
        if (stage.isDocument()) {
          SpecNesting.check(stage.asDocument(), "update pipeline");
        }
      }
      PipelineUpdateCheck.check(update.asArray());
      if (!options.arrayFilters().isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "arrayFilters may not be specified for pipeline-syle updates");
      }
      List<BsonDocument> stages = new ArrayList<>();
      update.asArray().forEach(stage -> stages.add(stage.asDocument()));
      return new Update(new PipelineUpdate(Pipeline.parse(stages, environment)));
    }
    throw new MongoLakeException(
        ErrorCode.FAILED_TO_PARSE, "Update argument must be either an object or an array");
  }

  /**
   * Whether {@code update} is a replacement document rather than an operator update: MongoDB's rule
   * is that the first field name does not start with {@code $} (an empty document is a
   * replacement). Use {@link Replacement} for those.
   */
  public static boolean isReplacement(BsonDocument update) {
    return update.isEmpty() || !update.getFirstKey().startsWith("$");
  }

  /** Parses a pipeline-style update; see {@link #parse(BsonValue, UpdateOptions)}. */
  public static Update parsePipeline(BsonArray pipeline) {
    return parse(pipeline, UpdateOptions.DEFAULT);
  }

  /**
   * Applies the update to a copy of {@code document}; {@code document} itself is never modified.
   * All-or-nothing: when it throws, nothing is half-applied anywhere.
   *
   * @throws MongoLakeException for failures that depend on the document: TypeMismatch ($inc of a
   *     string, $pop of a non-array), PathNotViable (a path through a scalar), ImmutableField (a
   *     change of {@code _id} outside an upsert insert), BadValue (positional {@code $} without a
   *     match, $push to a non-array, Int64 overflow, ...)
   */
  public UpdateResult apply(BsonDocument document, UpdateContext context) {
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(context, "context");
    if (pipeline != null) {
      UpdateResult result = pipeline.apply(document, context.upsertInsert());
      if (!context.upsertInsert()) {
        return result;
      }
      IdField.checkUnchanged(document.get("_id"), result.document().get("_id"));
      return new UpdateResult(IdField.validateAndMoveFirst(result.document()), true);
    }
    DocumentUnderUpdate state =
        new DocumentUnderUpdate(
            document,
            context,
            plan.arrayFilters(),
            plan.expandsArrays() || plan.usesPositionalOperator());
    for (UpdateStep step : plan.steps()) {
      step.apply(state);
    }
    BsonDocument result = state.root();
    if (context.upsertInsert()) {
      IdField.checkUnchanged(document.get("_id"), result.get("_id"));
      result = IdField.validateAndMoveFirst(result);
    }
    return new UpdateResult(result, state.modified());
  }

  /**
   * Whether the update uses the positional {@code $} operator, so that the engine must pass the
   * query's matched array position ({@link UpdateContext#withPositionalMatch}).
   */
  public boolean usesPositionalOperator() {
    return plan.usesPositionalOperator();
  }

  /** Whether this is a pipeline-style update. */
  public boolean isPipeline() {
    return pipeline != null;
  }

  /** A copy of the update document this was parsed from ({@code {}} for a pipeline). */
  public BsonDocument source() {
    return source.clone();
  }

  @Override
  public String toString() {
    return "Update" + source.toJson();
  }
}
