package dev.mongolake.internal.changestream;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.Pipeline;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;

/**
 * The stages after {@code $changeStream}, applied to each event on its own: only the stages MongoDB
 * allows there, which each look at one document ({@code $match}, {@code $project}, {@code
 * $addFields}, {@code $set}, {@code $unset}, {@code $replaceRoot}, {@code $replaceWith}, {@code
 * $redact}).
 */
public final class ChangeStreamPipeline {

  private static final Set<String> ALLOWED =
      Set.of(
          "$match",
          "$project",
          "$addFields",
          "$set",
          "$unset",
          "$replaceRoot",
          "$replaceWith",
          "$redact");

  private final Pipeline pipeline;

  /**
   * @throws MongoLakeException IllegalOperation for a stage not allowed in a change stream, or the
   *     stage's own error for an invalid one
   */
  public ChangeStreamPipeline(List<BsonDocument> stages) {
    for (BsonDocument stage : stages) {
      String name = stage.isEmpty() ? "" : stage.getFirstKey();
      if (!ALLOWED.contains(name)) {
        throw new MongoLakeException(
            ErrorCode.ILLEGAL_OPERATION, name + " is not permitted in a $changeStream pipeline");
      }
    }
    this.pipeline =
        stages.isEmpty()
            ? null
            : Pipeline.parse(
                stages, AggregationEnvironment.standalone(Instant.now(), new BsonDocument()));
  }

  /** The event as the stages leave it, or null when they filter it out. */
  public BsonDocument apply(BsonDocument event) {
    if (pipeline == null) {
      return event;
    }
    Iterator<BsonDocument> out = pipeline.run(List.of(event).iterator());
    return out.hasNext() ? out.next() : null;
  }
}
