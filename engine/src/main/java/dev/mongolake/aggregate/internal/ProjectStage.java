package dev.mongolake.aggregate.internal;

import dev.mongolake.internal.read.Projection;
import java.util.Iterator;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $project}: inclusion or exclusion of fields, and fields computed by expressions.
 *
 * @param specification the projection as written
 * @param projection the parsed projection ({@code null} keeps documents whole)
 */
record ProjectStage(BsonDocument specification, Projection projection) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    BsonDocument spec = StageSpecs.document("$project", specification);
    return new ProjectStage(spec, Projection.forStage(spec));
  }

  @Override
  public String name() {
    return "$project";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
        .map(document -> projection == null ? document : projection.apply(document))
        .iterator();
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
