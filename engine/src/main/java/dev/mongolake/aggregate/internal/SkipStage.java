package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.Stage;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonValue;

/** {@code $skip}. */
final class SkipStage implements StageParser {
  @Override
  public String name() {
    return "$skip";
  }

  @Override
  public Stage parse(BsonValue specification) {
    long skip = StageSpecs.nonNegative(name(), specification, false);
    return input ->
        StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
            .skip(skip)
            .iterator();
  }
}
