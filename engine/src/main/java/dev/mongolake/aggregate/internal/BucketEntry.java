package dev.mongolake.aggregate.internal;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One document of a {@code $bucketAuto}, with its {@code groupBy} value and its input position.
 *
 * @param key the {@code groupBy} value (missing as null)
 * @param position the document's position in the stage's input
 * @param document the document
 */
record BucketEntry(BsonValue key, long position, BsonDocument document) {}
