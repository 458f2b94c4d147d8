package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.Stage;
import dev.mongolake.internal.read.Projection;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonValue;

/** {@code $project}: inclusion or exclusion of fields, and fields computed by expressions. */
final class ProjectStage implements StageParser {
  @Override
  public String name() {
    return "$project";
  }

  @Override
  public Stage parse(BsonValue specification) {
    Projection projection = Projection.forStage(StageSpecs.document(name(), specification));
    return input ->
        StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
            .map(document -> projection == null ? document : projection.apply(document))
            .iterator();
  }
}
