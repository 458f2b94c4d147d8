package dev.mongolake.aggregate;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.ColumnarGroup;
import dev.mongolake.aggregate.internal.CountStage;
import dev.mongolake.aggregate.internal.InputFields;
import dev.mongolake.aggregate.internal.PipelineContext;
import dev.mongolake.aggregate.internal.PipelineOptimizer;
import dev.mongolake.aggregate.internal.PipelineStage;
import dev.mongolake.aggregate.internal.PlanPrefix;
import dev.mongolake.aggregate.internal.StageParsers;
import dev.mongolake.aggregate.internal.StagePosition;
import dev.mongolake.delta.query.Filter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * An aggregation pipeline of one command: a list of stages, each parsed by a handler registered
 * under its name ({@code $match}, {@code $sort}, {@code $group}, ...), with the command's
 * variables. Unknown stages fail with MongoDB's "Unrecognized pipeline stage name" error. Not
 * thread-safe: one command runs it.
 *
 * <p>Parsing optimizes: {@code $match} stages move ahead of the stages that allow it and merge, and
 * a {@code $sort} followed by a {@code $limit} keeps only that many documents. The stages {@link
 * #explain()} and {@link #findPrefix()} describe are the optimized ones.
 */
public final class Pipeline implements AutoCloseable {

  private final List<PipelineStage> stages;
  private final PipelineContext context;

  private Pipeline(List<PipelineStage> stages, PipelineContext context) {
    this.stages = List.copyOf(stages);
    this.context = context;
  }

  /** Parses a pipeline over a given input, with {@code $$NOW} now and no {@code let}. */
  public static Pipeline parse(List<BsonDocument> pipeline) {
    return parse(pipeline, AggregationEnvironment.standalone(Instant.now(), new BsonDocument()));
  }

  /**
   * Parses a pipeline; each element must be a one-field document naming a stage, and stages that
   * must stand first or last do.
   */
  public static Pipeline parse(List<BsonDocument> pipeline, AggregationEnvironment environment) {
    PipelineContext context = PipelineContext.of(environment);
    List<PipelineStage> stages = new ArrayList<>();
    for (int i = 0; i < pipeline.size(); i++) {
      BsonDocument stage = pipeline.get(i);
      String name = StageParsers.stageName(stage);
      PipelineStage parsed = StageParsers.parse(name, stage.get(name), context);
      if (parsed.position() == StagePosition.FIRST && i != 0) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40602, name + " is only valid as the first stage in a pipeline");
      }
      if (parsed.position() == StagePosition.LAST && i != pipeline.size() - 1) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40601, name + " can only be the final stage in the pipeline");
      }
      stages.add(parsed);
    }
    return new Pipeline(PipelineOptimizer.optimize(stages), context);
  }

  /** The pipeline without its first {@code count} stages. */
  public Pipeline drop(int count) {
    return new Pipeline(stages.subList(count, stages.size()), context);
  }

  /** The stages as explain shows them. */
  public List<BsonDocument> explain() {
    List<BsonDocument> out = new ArrayList<>(stages.size());
    stages.forEach(stage -> out.add(stage.explain()));
    return out;
  }

  /** Whether the pipeline has no stage (it returns its input). */
  public boolean isEmpty() {
    return stages.isEmpty();
  }

  /**
   * The leading stages of the optimized pipeline that a find runs exactly alike: a {@code $match}
   * (every {@code $match} the optimizer could move to the front, merged), then at most one {@code
   * $sort}, then {@code $skip} stages (summed), then {@code $limit} stages (the smallest wins).
   *
   * @param filter the find's filter ({@code {}} when no stage matched)
   * @param sort the find's sort ({@code {}} for none)
   * @param skip documents to skip
   * @param limit documents to return at most, 0 for all
   * @param stages how many leading stages of the optimized pipeline this prefix replaces
   */
  public record FindPrefix(
      BsonDocument filter, BsonDocument sort, int skip, int limit, int stages) {}

  /** The find prefix of this (optimized) pipeline. */
  public FindPrefix findPrefix() {
    PlanPrefix prefix = PlanPrefix.of(stages);
    return new FindPrefix(
        prefix.filter(), prefix.sort(), prefix.skip(), prefix.limit(), prefix.stages());
  }

  /**
   * The dotted paths this (optimized) pipeline reads from its input documents, find prefix
   * included, when its result depends on nothing else; empty when it needs whole documents. A scan
   * may then hand it documents holding only {@code _id} and these paths.
   */
  public Optional<Set<String>> inputPaths() {
    return InputFields.of(stages);
  }

  /**
   * The find prefix of {@code pipeline} once parsed and optimized; see {@link #findPrefix()}.
   *
   * @throws MongoLakeException when the pipeline is invalid
   */
  public static FindPrefix findPrefix(List<BsonDocument> pipeline) {
    return parse(pipeline).findPrefix();
  }

  /**
   * Whether this pipeline is exactly the stage the driver's {@code countDocuments} ends with:
   * {@code {$group: {_id: 1 (or null), <field>: {$sum: 1}}}}. Its result is one {@code {_id,
   * <field>: count}} document, or none when nothing matched.
   *
   * @return the group's {@code _id} and count field, or empty
   */
  public Optional<CountGroup> countGroup() {
    return PlanPrefix.countingGroup(stages).map(g -> new CountGroup(g.id(), g.field()));
  }

  /**
   * Whether {@code rest} is exactly the counting stage; see {@link #countGroup()}.
   *
   * @throws MongoLakeException when the stages are invalid
   */
  public static Optional<CountGroup> countGroup(List<BsonDocument> rest) {
    return parse(rest).countGroup();
  }

  /** The field of the {@code $count} this pipeline begins with, if it does. */
  public Optional<String> leadingCount() {
    return stages.isEmpty() ? Optional.empty() : CountStage.fieldOf(stages.getFirst());
  }

  /**
   * The {@code $group} that counts its input.
   *
   * @param id the group's constant {@code _id}
   * @param field the field holding the count
   */
  public record CountGroup(BsonValue id, String field) {}

  /**
   * The promoted columns a columnar run needs when the stages after {@code prefix} begin with a
   * {@code $group} that can run over column batches (see {@link #runColumnar}); empty otherwise.
   * The prefix must only filter: a sort, skip or limit keeps the row path, and so does a collation
   * other than the simple one.
   *
   * @param filter the prefix's filter, parsed (null for none)
   */
  public Optional<List<String>> columnarColumns(FindPrefix prefix, Filter filter) {
    return columnarGroup(prefix, filter).map(ColumnarGroup::columns);
  }

  /**
   * Runs this pipeline with its prefix and leading {@code $group} over {@code source}'s columns,
   * then the remaining stages by rows; see {@link #close()}. Empty when the groups outgrew the
   * stage's memory limit: run the pipeline by rows instead (which spills, or fails, as MongoDB
   * does).
   *
   * @throws IllegalStateException when {@link #columnarColumns} is empty
   */
  public Optional<Iterator<BsonDocument>> runColumnar(
      FindPrefix prefix, Filter filter, ColumnarSource source) {
    ColumnarGroup group =
        columnarGroup(prefix, filter)
            .orElseThrow(() -> new IllegalStateException("the pipeline has no columnar group"));
    return group.run(source, context).map(groups -> drop(prefix.stages() + 1).run(groups));
  }

  private Optional<ColumnarGroup> columnarGroup(FindPrefix prefix, Filter filter) {
    // Column batches group by the simple order only: a collated pipeline groups by rows, where
    // the group keys follow its collation.
    if (!context.order().isSimple()
        || !prefix.sort().isEmpty()
        || prefix.skip() != 0
        || prefix.limit() != 0
        || prefix.stages() >= stages.size()) {
      return Optional.empty();
    }
    return ColumnarGroup.plan(stages.get(prefix.stages()), filter);
  }

  /**
   * Releases what the run holds beyond memory: the temporary files of stages that spilled. Call it
   * when the results are consumed or abandoned.
   */
  @Override
  public void close() {
    context.close();
  }

  /** Runs the pipeline over {@code input}; see {@link #close()}. */
  public Iterator<BsonDocument> run(Iterator<BsonDocument> input) {
    Iterator<BsonDocument> current = input;
    for (PipelineStage stage : stages) {
      current = stage.apply(current, context);
    }
    return current;
  }
}
