package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.Stage;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.engine.QueryErrors;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonValue;

/** {@code $match}: keeps documents matching a query filter. */
final class MatchStage implements StageParser {
  @Override
  public String name() {
    return "$match";
  }

  @Override
  public Stage parse(BsonValue specification) {
    Filter filter = QueryErrors.parseFilter(StageSpecs.document(name(), specification));
    return input ->
        StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
            .filter(document -> QueryErrors.matches(filter, document))
            .iterator();
  }
}
