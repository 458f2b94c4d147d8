package dev.mongolake.internal.engine;

import java.util.List;
import org.bson.BsonValue;

/**
 * What a write did.
 *
 * @param matched documents the filter matched (inserts: documents inserted)
 * @param modified documents changed
 * @param upsertedId the {@code _id} of a document an upsert inserted, or {@code null}
 * @param insertedIds for inserts, the {@code _id} of each inserted document by its index in the
 *     request
 * @param failures per-document failures (inserts), by index in the request
 */
public record WriteOutcome(
    long matched,
    long modified,
    BsonValue upsertedId,
    java.util.Map<Integer, BsonValue> insertedIds,
    List<WriteFailure> failures) {

  public WriteOutcome {
    insertedIds = java.util.Map.copyOf(insertedIds);
    failures = List.copyOf(failures);
  }

  static WriteOutcome counts(long matched, long modified, BsonValue upsertedId) {
    return new WriteOutcome(matched, modified, upsertedId, java.util.Map.of(), List.of());
  }
}
