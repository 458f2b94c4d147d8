/**
 * bson: the BSON byte codec that the wire layer and the tables share.
 *
 * <p>{@link dev.mongolake.bson.BsonBytesDecoder} turns the bytes of one BSON document (the whole
 * given range, nothing before or after) into a {@code BsonDocument} tree, and {@link
 * dev.mongolake.bson.BsonBytesEncoder} writes such a tree back; both produce exactly the objects
 * and bytes of org.bson's {@code BsonDocumentCodec} with default settings, and the decoder refuses
 * the same malformed input with a {@code BsonSerializationException}. Every BSON type the
 * specification defines is accepted, the deprecated ones included. Its conformant decoding, for
 * bytes from clients, also refuses what a {@code BsonDocument} cannot hold as sent (a field name
 * twice, a string or name that is not valid UTF-8) with a {@link
 * dev.mongolake.bson.BsonNonConformantException}. {@link dev.mongolake.bson.BoundedJson} reads
 * (Extended) JSON as org.bson's {@code BsonDocument.parse} does.
 *
 * <p>Depth: the decoder and {@code BoundedJson} refuse input nested more than {@link
 * dev.mongolake.bson.BsonNesting#MAX_DEPTH} (200, MongoDB's limit) levels below the top-level value
 * with a {@link dev.mongolake.bson.BsonDepthException}, so no recursive code behind them runs out
 * of stack on hostile input; {@link dev.mongolake.bson.BsonNesting} holds that limit, the
 * stored-document and query-tree limits, and the walks that measure a document in memory against
 * them. The encoder, which writes only trees already in memory, keeps org.bson's own limit (1024).
 * Every length in the input is checked against its enclosing document before it is used, so the
 * decoder never reads outside the given range nor allocates more than it.
 *
 * <p>Thread safety: the decoder, {@code BoundedJson}, {@code BsonNesting} and {@link
 * dev.mongolake.bson.DecimalValues} are stateless and thread-safe; an encoder instance holds its
 * growable buffer and is not thread-safe (one per connection or per thread; the static {@code
 * encode} makes a fresh one).
 *
 * <p>The package depends only on org.mongodb:bson, and knows nothing of commands, tables or the
 * write-ahead log.
 */
package dev.mongolake.bson;
