package dev.mongolake.aggregate.internal;

import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.engine.QueryErrors;
import java.util.Iterator;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $match: <filter>}: the documents the query filter matches.
 *
 * @param specification the filter as written
 * @param filter the parsed filter
 */
record MatchStage(BsonDocument specification, Filter filter) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    BsonDocument spec = StageSpecs.document("$match", specification);
    return new MatchStage(
        spec, QueryErrors.parseFilter(spec, context.scope(), context::newVariables));
  }

  @Override
  public String name() {
    return "$match";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
        .filter(document -> QueryErrors.matches(filter, document))
        .iterator();
  }

  @Override
  public java.util.Optional<java.util.Set<String>> matchMayMoveBeforeUnlessReading() {
    return java.util.Optional.of(java.util.Set.of());
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
