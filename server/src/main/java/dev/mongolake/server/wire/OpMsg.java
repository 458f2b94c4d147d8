package dev.mongolake.server.wire;

import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;

/**
 * An OP_MSG message: flag bits, one body document (section kind 0) and any document sequences
 * (section kind 1). The optional CRC32C checksum is verified on decode and not kept.
 */
public record OpMsg(int flagBits, BsonDocument body, List<DocumentSequence> sequences)
    implements WireMessage {

  /** The message ends with a CRC32C checksum. */
  public static final int CHECKSUM_PRESENT = 1;

  /** The sender will send another message without waiting for a reply. */
  public static final int MORE_TO_COME = 1 << 1;

  /** The client accepts a stream of replies (exhaust cursors). */
  public static final int EXHAUST_ALLOWED = 1 << 16;

  /** Bits 0-15 must be understood by the receiver; these are the ones this server understands. */
  static final int KNOWN_REQUIRED_BITS = CHECKSUM_PRESENT | MORE_TO_COME;

  public OpMsg {
    sequences = List.copyOf(sequences);
  }

  /** A reply carrying just a body. */
  public static OpMsg reply(BsonDocument body) {
    return new OpMsg(0, body, List.of());
  }

  public boolean moreToCome() {
    return (flagBits & MORE_TO_COME) != 0;
  }

  public boolean exhaustAllowed() {
    return (flagBits & EXHAUST_ALLOWED) != 0;
  }

  /**
   * The command as a single document: the body with each document sequence added as an array field
   * named by its identifier, which is how the server interprets a kind-1 section.
   */
  public BsonDocument command() {
    if (sequences.isEmpty()) {
      return body;
    }
    // A shallow copy: the sequences are added without touching the body.
    BsonDocument merged = new BsonDocument();
    merged.putAll(body);
    for (DocumentSequence sequence : sequences) {
      merged.put(sequence.identifier(), new BsonArray(List.copyOf(sequence.documents())));
    }
    return merged;
  }
}
