package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.bson.BsonTypeNames;
import dev.mongolake.internal.read.Projection;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $addFields} and its alias {@code $set}: {@code {a: <expr>, "b.c": <expr>, d: {e: <expr>}}}
 * keeps every field and sets the computed ones. A dotted path creates or overwrites nested fields,
 * in each element when it crosses an array of documents; a value that is missing ({@code $$REMOVE})
 * removes the field.
 *
 * @param name {@code $addFields} or {@code $set}, as written
 * @param specification the fields as written
 * @param fields the parsed fields
 */
record AddFieldsStage(String name, BsonDocument specification, Projection fields)
    implements PipelineStage {

  static PipelineStage parseAddFields(BsonValue specification, PipelineContext context) {
    return parse("$addFields", specification, context);
  }

  static PipelineStage parseSet(BsonValue specification, PipelineContext context) {
    return parse("$set", specification, context);
  }

  private static PipelineStage parse(
      String name, BsonValue specification, PipelineContext context) {
    if (!specification.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40272,
          name + " specification stage must be an object, got " + BsonTypeNames.of(specification));
    }
    BsonDocument spec = specification.asDocument();
    return new AddFieldsStage(
        name, spec, InvalidStage.parse(name, () -> Projection.forAddFields(spec, context.scope())));
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    Variables variables = context.newVariables();
    return new MappingIterator(input, document -> fields.apply(document, variables));
  }

  @Override
  public void addDependencies(Dependencies dependencies) {
    fields.addDependencies(dependencies);
  }

  @Override
  public Optional<Set<String>> matchMayMoveBeforeUnlessReading() {
    return Optional.of(fields.paths());
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name, specification);
  }
}
