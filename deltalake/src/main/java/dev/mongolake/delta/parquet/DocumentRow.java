package dev.mongolake.delta.parquet;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One row of a document file, as projected.
 *
 * @param id the document's {@code _id}; null only when the file stores {@link IdEncoding#KEY}, the
 *     document was not read and the keys were not decoded (see {@link
 *     DocumentReadOptions#documentUnlessExact()})
 * @param document the whole document from the Variant column, or null when not projected or when
 *     the file's requested columns were exact
 * @param promoted the promoted columns read, nested by path; a column whose value was null or did
 *     not fit the column type is absent
 */
public record DocumentRow(BsonValue id, BsonDocument document, BsonDocument promoted) {}
