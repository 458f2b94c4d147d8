package dev.mongolake.server.command.crud;

import com.mongodb.client.result.UpdateResult;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CursorOwner;
import dev.mongolake.server.command.CursorRegistry;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * What a {@code bulkWrite} reports: one result per operation that ran, in request order, as MongoDB
 * 8.0 shapes them ({@code {ok: 1, idx, n, nModified, upserted: {_id}}}, {@code {ok: 0, idx, code,
 * errmsg, <detail>, n: 0}}), and the summary counts. With {@code errorsOnly} only the failures are
 * kept; the counts cover every operation. Not thread-safe: one command's run fills it.
 */
final class BulkWriteReplies {

  /** The namespace of a bulkWrite's results cursor. */
  static final String CURSOR_NAMESPACE = "admin.$cmd.bulkWrite";

  private final boolean errorsOnly;
  private final List<BsonDocument> results = new ArrayList<>();
  private int errors;
  private int inserted;
  private int matched;
  private int modified;
  private int upserted;
  private int deleted;

  BulkWriteReplies(boolean errorsOnly) {
    this.errorsOnly = errorsOnly;
  }

  private static BsonDocument result(int index, boolean ok) {
    return new BsonDocument("ok", new BsonDouble(ok ? 1.0 : 0.0))
        .append("idx", new BsonInt32(index));
  }

  private void succeeded(BsonDocument result) {
    if (!errorsOnly) {
      results.add(result);
    }
  }

  void inserted(int index) {
    inserted++;
    succeeded(result(index, true).append("n", new BsonInt32(1)));
  }

  /** An update's result: an upsert counts as {@code nUpserted}, not as a match. */
  void updated(int index, UpdateResult update) {
    BsonDocument result = result(index, true);
    modified += (int) update.getModifiedCount();
    if (update.getUpsertedId() != null) {
      upserted++;
      result
          .append("n", new BsonInt32(1))
          .append("nModified", new BsonInt32((int) update.getModifiedCount()))
          .append("upserted", new BsonDocument("_id", update.getUpsertedId()));
    } else {
      matched += (int) update.getMatchedCount();
      result
          .append("n", new BsonInt32((int) update.getMatchedCount()))
          .append("nModified", new BsonInt32((int) update.getModifiedCount()));
    }
    succeeded(result);
  }

  void deleted(int index, long count) {
    deleted += (int) count;
    succeeded(result(index, true).append("n", new BsonInt32((int) count)));
  }

  /** A failed operation; an update's failure also says {@code nModified: 0}, as MongoDB's does. */
  void failed(int index, MongoLakeException error, boolean update) {
    errors++;
    BsonDocument result =
        result(index, false)
            .append("code", new BsonInt32(error.errorCode().code()))
            .append("errmsg", new BsonString(error.getMessage()));
    result.putAll(error.errorInfo());
    result.append("n", new BsonInt32(0));
    if (update) {
      result.append("nModified", new BsonInt32(0));
    }
    results.add(result);
  }

  /**
   * The command's reply: the results as a cursor on {@value #CURSOR_NAMESPACE} (its first batch
   * holds {@code batchSize} of them, within a reply's size; {@code getMore} returns the rest), then
   * the counts.
   */
  BsonDocument reply(CursorRegistry cursors, int batchSize, CursorOwner owner) {
    BsonDocument reply =
        cursors.firstBatch(CURSOR_NAMESPACE, results.iterator(), batchSize, false, owner);
    return reply
        .append("nErrors", new BsonInt32(errors))
        .append("nInserted", new BsonInt32(inserted))
        .append("nMatched", new BsonInt32(matched))
        .append("nModified", new BsonInt32(modified))
        .append("nUpserted", new BsonInt32(upserted))
        .append("nDeleted", new BsonInt32(deleted));
  }
}
