package dev.mongolake.internal.engine;

import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.SecondaryIndex;
import java.time.Instant;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;

/**
 * The documents TTL indexes expire, and their deletion (which {@link TtlMonitor} runs once per
 * period). Deletes go through {@link DocumentWrites} like a client's, so they are logged and
 * durable.
 */
public final class ExpiredDocuments {

  private final CollectionRegistry collections;
  private final DocumentWrites writes;

  ExpiredDocuments(CollectionRegistry collections, DocumentWrites writes) {
    this.collections = collections;
    this.writes = writes;
  }

  /**
   * Deletes the documents whose TTL index field holds a date older than {@code now} minus the
   * index's {@code expireAfterSeconds} (for an array of dates, the earliest decides, as the {@code
   * $lt} match of any element does).
   *
   * @return the number of documents deleted
   */
  public long deleteExpired(Instant now) {
    long deleted = 0;
    for (CollectionState state : collections.all()) {
      for (SecondaryIndex index : state.indexes().all()) {
        IndexSpec spec = index.spec();
        if (spec.expireAfterSeconds() == null) {
          continue;
        }
        long cutoff = now.toEpochMilli() - spec.expireAfterSeconds() * 1000;
        BsonDocument expired =
            new BsonDocument(
                spec.keys().getFirstKey(), new BsonDocument("$lt", new BsonDateTime(cutoff)));
        deleted += writes.delete(state.namespace(), expired, true).matched();
      }
    }
    return deleted;
  }
}
