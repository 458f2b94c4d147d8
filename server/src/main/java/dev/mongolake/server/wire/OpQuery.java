package dev.mongolake.server.wire;

import org.bson.BsonDocument;

/**
 * A legacy OP_QUERY message. Current drivers send it only for the first handshake ({@code
 * isMaster}/{@code hello} against {@code admin.$cmd}).
 *
 * @param returnFieldsSelector the optional projection, or {@code null}
 */
public record OpQuery(
    int flags,
    String fullCollectionName,
    int numberToSkip,
    int numberToReturn,
    BsonDocument query,
    BsonDocument returnFieldsSelector)
    implements WireMessage {}
