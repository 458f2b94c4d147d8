package dev.mongolake.server.wire;

import java.util.List;
import org.bson.BsonDocument;

/** A legacy OP_REPLY message, the answer to an {@link OpQuery}. */
public record OpReply(
    int responseFlags, long cursorId, int startingFrom, List<BsonDocument> documents)
    implements WireMessage {

  public OpReply {
    documents = List.copyOf(documents);
  }

  /** A reply with one document, as a command over OP_QUERY gets. */
  public static OpReply of(BsonDocument document) {
    return new OpReply(0, 0, 0, List.of(document));
  }
}
