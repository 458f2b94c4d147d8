package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.order.Collation;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One command's view of a pipeline: the variables in scope when its stages parse ({@code let}),
 * their values when they run, and the environment's other services. Created once per command; not
 * thread-safe.
 *
 * <p>The root scope carries the command's collation ({@link AggregationEnvironment#collation()}),
 * so every expression and accumulator parsed in it, or in a child scope, compares strings by it;
 * the stages that compare on their own ({@code $match}, {@code $sort}, {@code $bucket}, partitions,
 * joins) take {@link #order()}. Sub-pipelines ({@code $lookup}, {@code $unionWith}, {@code $facet})
 * run under the same collation, as in MongoDB.
 */
public final class PipelineContext implements AutoCloseable {

  private final AggregationEnvironment environment;
  private final VariableScope scope;
  private final Map<String, BsonValue> letValues;
  private final BsonDateTime now;
  // Shared with the contexts of sub-pipelines, so that closing the command's deletes theirs too.
  private final SpillFiles spillFiles;

  private PipelineContext(
      AggregationEnvironment environment,
      VariableScope scope,
      Map<String, BsonValue> letValues,
      BsonDateTime now,
      SpillFiles spillFiles) {
    this.environment = environment;
    this.scope = scope;
    this.letValues = letValues;
    this.now = now;
    this.spillFiles = spillFiles;
  }

  /**
   * The context of a command: its {@code let} expressions are evaluated once, in order, with only
   * {@code $$NOW} and the earlier ones visible (MongoDB's rule: they cannot read documents).
   */
  public static PipelineContext of(AggregationEnvironment environment) {
    BsonDateTime now = new BsonDateTime(environment.now().toEpochMilli());
    VariableScope scope = VariableScope.root(environment.collation());
    Map<String, BsonValue> values = new LinkedHashMap<>();
    Variables variables = new Variables(now);
    for (Map.Entry<String, BsonValue> variable : environment.let().entrySet()) {
      Expression expression = ExpressionParser.parse(variable.getValue(), scope);
      Dependencies reads = new Dependencies();
      expression.addDependencies(reads);
      if (reads.needsWholeDocument() || !reads.paths().isEmpty()) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_4890500,
            "Command let Expression tried to access a field, but this is not allowed because"
                + " command let expressions run before the query examines any documents.");
      }
      BsonValue value = expression.evaluate(variables);
      scope = scope.define(variable.getKey());
      variables.set(scope.slotOf(variable.getKey()), value);
      values.put(variable.getKey(), value);
    }
    return new PipelineContext(
        environment, scope, values, now, new SpillFiles(environment.spillDirectory()));
  }

  /** The context for a sub-pipeline that sees {@code extraScope}'s variables too. */
  public PipelineContext withScope(VariableScope extraScope) {
    return new PipelineContext(environment, extraScope, letValues, now, spillFiles);
  }

  /**
   * The context for a sub-pipeline ({@code $lookup}'s) whose scope {@code extraScope} defines the
   * variables of {@code values} on top of this context's: one run of it, with those values bound.
   */
  public PipelineContext withVariables(VariableScope extraScope, Map<String, BsonValue> values) {
    Map<String, BsonValue> all = new LinkedHashMap<>(letValues);
    all.putAll(values);
    return new PipelineContext(environment, extraScope, all, now, spillFiles);
  }

  /** The variables visible to the pipeline's expressions. */
  public VariableScope scope() {
    return scope;
  }

  /** {@code $$NOW}. */
  public BsonDateTime now() {
    return now;
  }

  /** The environment the command runs in. */
  public AggregationEnvironment environment() {
    return environment;
  }

  /** Fresh variables for one run of a stage: {@code $$NOW} and the {@code let} values set. */
  public Variables newVariables() {
    Variables variables = new Variables(now);
    scope.bind(variables, letValues);
    return variables;
  }

  /** The order values compare in under the command's collation. */
  public BsonComparisonOrder order() {
    return scope.order();
  }

  /** The command's collation. */
  public Collation collation() {
    return scope.collation();
  }

  /** The memory each blocking stage may hold, and whether it may spill. */
  public MemoryLimit memoryLimit() {
    return new MemoryLimit(environment.memoryLimitBytesPerStage(), environment.allowDiskUse());
  }

  /** The command's temporary files (the folder is made on first use, deleted by {@link #close}). */
  SpillFiles spillFiles() {
    return spillFiles;
  }

  /** Deletes the command's temporary files. */
  @Override
  public void close() {
    spillFiles.close();
  }

  /** The command's {@code let} values, evaluated. */
  public BsonDocument letValues() {
    BsonDocument out = new BsonDocument();
    letValues.forEach(out::put);
    return out;
  }
}
