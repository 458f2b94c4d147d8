package dev.mongolake.server.wire;

import java.util.List;
import org.bson.BsonDocument;

/**
 * An OP_MSG kind-1 section: a named run of documents sent outside the command body (for example
 * {@code documents} of an insert), which the server treats as an array field of the command.
 */
public record DocumentSequence(String identifier, List<BsonDocument> documents) {
  public DocumentSequence {
    documents = List.copyOf(documents);
  }
}
