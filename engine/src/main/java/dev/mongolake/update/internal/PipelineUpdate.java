package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.update.UpdateResult;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A pipeline-style update: the document goes through the stages, and what comes out replaces it. As
 * in MongoDB, the {@code _id} may not change (outside an upsert's insert); a pipeline that drops it
 * keeps the original. An upsert's insert validates the {@code _id} afterwards, as for operator
 * updates.
 *
 * @param pipeline the parsed stages
 */
public record PipelineUpdate(Pipeline pipeline) {

  /** Applies the pipeline to {@code document} (not modified). */
  public UpdateResult apply(BsonDocument document, boolean upsertInsert) {
    Iterator<BsonDocument> out = pipeline.run(List.of(document.clone()).iterator());
    if (!out.hasNext()) {
      throw new MongoLakeException(
          ErrorCode.INTERNAL_ERROR,
          "Cannot run pipeline-style update: the pipeline output nothing");
    }
    BsonDocument result = out.next();
    BsonValue originalId = document.get("_id");
    BsonValue newId = result.get("_id");
    if (newId == null && originalId != null) {
      BsonDocument withId = new BsonDocument("_id", originalId);
      result.forEach((name, value) -> withId.put(name, value));
      result = withId;
    } else if (!upsertInsert && originalId != null && !originalId.equals(newId)) {
      throw new MongoLakeException(
          ErrorCode.IMMUTABLE_FIELD,
          "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    return new UpdateResult(result, !sameInOrder(document, result));
  }

  /** MongoDB compares the stored bytes: a reordering is a modification. */
  private static boolean sameInOrder(BsonDocument a, BsonDocument b) {
    if (a.size() != b.size()) {
      return false;
    }
    Iterator<Map.Entry<String, BsonValue>> left = a.entrySet().iterator();
    Iterator<Map.Entry<String, BsonValue>> right = b.entrySet().iterator();
    while (left.hasNext()) {
      Map.Entry<String, BsonValue> l = left.next();
      Map.Entry<String, BsonValue> r = right.next();
      if (!l.getKey().equals(r.getKey()) || !l.getValue().equals(r.getValue())) {
        return false;
      }
    }
    return true;
  }
}
