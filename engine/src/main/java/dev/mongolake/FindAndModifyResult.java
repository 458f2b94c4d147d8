package dev.mongolake;

import org.bson.BsonValue;

/**
 * The full outcome of {@link MongoLakeCollection#findAndModify}, as the {@code findAndModify}
 * command reports it.
 *
 * @param document the returned document (before or after the change), or {@code null}
 * @param updatedExisting whether an existing document matched
 * @param upsertedId the {@code _id} an upsert inserted, or {@code null}
 */
public record FindAndModifyResult<T>(T document, boolean updatedExisting, BsonValue upsertedId) {}
