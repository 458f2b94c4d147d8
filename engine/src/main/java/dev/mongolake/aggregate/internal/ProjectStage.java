package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.internal.read.Projection;
import java.util.Iterator;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $project}: inclusion or exclusion of fields, and fields computed by any expression (parsed
 * with the command's variables), with MongoDB's rules and its {@code "Invalid $project :: caused by
 * :: "} errors. Each run evaluates with one set of variables, the document changing per row.
 *
 * @param specification the projection as written
 * @param projection the parsed projection
 */
record ProjectStage(BsonDocument specification, Projection projection) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_15969, "$project specification must be an object");
    }
    BsonDocument spec = specification.asDocument();
    return new ProjectStage(
        spec, InvalidStage.parse("$project", () -> Projection.forStage(spec, context.scope())));
  }

  @Override
  public String name() {
    return "$project";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    return new MappingIterator(input, document -> projection.apply(document, variables));
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    projection.addDependencies(dependencies);
  }

  @Override
  public boolean dependenciesAreExhaustive() {
    return projection.isInclusion();
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
