package dev.mongolake.delta.table;

import java.util.Optional;
import org.bson.BsonDocument;

/**
 * What a lookup by {@code _id} ({@link DocumentSnapshot#lookupById}) found, and what it read.
 *
 * @param document the document stored under the id, if any
 * @param metrics the files it opened (storage read) and skipped, the row groups, pages and rows it
 *     read
 */
public record PointLookup(Optional<BsonDocument> document, ScanMetrics metrics) {}
