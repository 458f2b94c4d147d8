package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.Iterator;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $skip: n}: all but the first {@code n} documents.
 *
 * @param skip how many, at least 0
 */
record SkipStage(long skip) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    return new SkipStage(
        StageSpecs.nonNegativeInteger("$skip", specification, ErrorCode.LOCATION_5107200));
  }

  @Override
  public String name() {
    return "$skip";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
        .skip(skip)
        .iterator();
  }

  @Override
  public void addDependencies(Dependencies dependencies) {}

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), new BsonInt64(skip));
  }
}
