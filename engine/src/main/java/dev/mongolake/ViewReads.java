package dev.mongolake;

import dev.mongolake.internal.engine.Engine;
import dev.mongolake.internal.engine.ViewCatalog.ResolvedView;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Reads of a view, which MongoDB answers as aggregations over the collection at the end of the
 * view's chain: the chain's pipelines, then the read's own filter, sort, skip, limit and projection
 * as {@code $match}, {@code $sort}, {@code $skip}, {@code $limit} and {@code $project} stages, in
 * that order, as MongoDB's find-to-aggregate conversion writes them. The view's leading stages and
 * the read's {@code $match} still run through the query planner (the pipeline's find prefix).
 */
final class ViewReads {

  private ViewReads() {}

  /** The stages that follow the view's pipeline for a find with these options. */
  static List<BsonDocument> findStages(
      BsonDocument filter, BsonDocument sort, int skip, int limit, BsonDocument projection) {
    List<BsonDocument> stages = new ArrayList<>();
    if (filter != null && !filter.isEmpty()) {
      stages.add(new BsonDocument("$match", filter));
    }
    if (sort != null && !sort.isEmpty()) {
      stages.add(new BsonDocument("$sort", sort));
    }
    if (skip > 0) {
      stages.add(new BsonDocument("$skip", new BsonInt32(skip)));
    }
    if (limit > 0) {
      stages.add(new BsonDocument("$limit", new BsonInt32(limit)));
    }
    if (projection != null && !projection.isEmpty()) {
      stages.add(new BsonDocument("$project", projection));
    }
    return stages;
  }

  /**
   * A find over {@code view}, its documents decoded with {@code decoder}; the find's {@code
   * allowDiskUse} holds for every blocking stage of the view's pipeline and of its own.
   */
  static <T> MongoLakeCursor<T> find(
      Engine engine,
      ResolvedView view,
      List<BsonDocument> findStages,
      BsonDocument let,
      boolean allowDiskUse,
      Function<BsonDocument, T> decoder) {
    List<BsonDocument> pipeline = new ArrayList<>(view.pipeline());
    pipeline.addAll(findStages);
    MongoLakeCursor<BsonDocument> results =
        new MongoLakeCollection<>(view.source(), BsonDocument.class, engine)
            .aggregate(pipeline, let == null || let.isEmpty() ? null : let, allowDiskUse);
    return decoded(results, decoder);
  }

  /** {@code results} with each document turned into a {@code T} by {@code decoder}. */
  static <T> MongoLakeCursor<T> decoded(
      MongoLakeCursor<BsonDocument> results, Function<BsonDocument, T> decoder) {
    return new MongoLakeCursor<>() {
      @Override
      public boolean hasNext() {
        return results.hasNext();
      }

      @Override
      public T next() {
        return decoder.apply(results.next());
      }

      @Override
      public void close() {
        results.close();
      }
    };
  }
}
