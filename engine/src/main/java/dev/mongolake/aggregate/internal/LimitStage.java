package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import java.util.Iterator;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code $limit: n}: the first {@code n} documents.
 *
 * @param limit how many, at least 1
 */
record LimitStage(long limit) implements PipelineStage {

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    long limit = StageSpecs.nonNegativeInteger("$limit", specification, ErrorCode.LOCATION_5107201);
    if (limit == 0) {
      throw new MongoLakeException(ErrorCode.LOCATION_15958, "the limit must be positive");
    }
    return new LimitStage(limit);
  }

  @Override
  public String name() {
    return "$limit";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
        .limit(limit)
        .iterator();
  }

  @Override
  public void addDependencies(Dependencies dependencies) {}

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), new BsonInt64(limit));
  }
}
