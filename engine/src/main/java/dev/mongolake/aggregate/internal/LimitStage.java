package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.Stage;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonValue;

/** {@code $limit}. */
final class LimitStage implements StageParser {
  @Override
  public String name() {
    return "$limit";
  }

  @Override
  public Stage parse(BsonValue specification) {
    long limit = StageSpecs.nonNegative(name(), specification, true);
    return input ->
        StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
            .limit(limit)
            .iterator();
  }
}
