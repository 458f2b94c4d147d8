package dev.mongolake.internal.engine;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a find-and-modify did.
 *
 * @param document the returned document (before or after the change), or {@code null}
 * @param updatedExisting whether an existing document matched
 * @param upsertedId the {@code _id} an upsert inserted, or {@code null}
 */
public record FindAndModifyOutcome(
    BsonDocument document, boolean updatedExisting, BsonValue upsertedId) {}
