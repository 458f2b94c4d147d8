package dev.mongolake.server.wire;

import dev.mongolake.bson.BsonBytesEncoder;
import java.util.Optional;
import org.bson.BsonDocument;

/** Turns replies into wire bytes, optionally wrapped in OP_COMPRESSED. */
public final class MessageEncoder {

  private MessageEncoder() {}

  /**
   * Encodes a whole message, header included.
   *
   * @param requestId this message's id
   * @param responseTo the id of the request it answers
   * @param compressor compress the message with this compressor, if present
   */
  public static byte[] encode(
      WireMessage message, int requestId, int responseTo, Optional<Compressor> compressor) {
    BsonBytesEncoder out = new BsonBytesEncoder();
    encode(message, requestId, responseTo, compressor, out);
    return out.toByteArray();
  }

  /**
   * Appends a whole message, header included, to {@code out}, so that a connection can reuse one
   * buffer for every reply and hand the socket one array.
   */
  public static void encode(
      WireMessage message,
      int requestId,
      int responseTo,
      Optional<Compressor> compressor,
      BsonBytesEncoder out) {
    int start = out.size();
    if (compressor.isEmpty()) {
      writeHeader(out, requestId, responseTo, opCode(message).code());
      writeBody(out, message);
      out.writeInt32At(start, out.size() - start);
      return;
    }
    BsonBytesEncoder plain = new BsonBytesEncoder();
    writeBody(plain, message);
    Compressor c = compressor.get();
    byte[] compressed = c.compress(plain.toByteArray());
    writeHeader(out, requestId, responseTo, OpCode.OP_COMPRESSED.code());
    out.writeInt32(opCode(message).code());
    out.writeInt32(plain.size());
    out.writeByte(c.id());
    out.writeBytes(compressed, 0, compressed.length);
    out.writeInt32At(start, out.size() - start);
  }

  private static OpCode opCode(WireMessage message) {
    return switch (message) {
      case OpMsg ignored -> OpCode.OP_MSG;
      case OpReply ignored -> OpCode.OP_REPLY;
      case OpQuery ignored -> OpCode.OP_QUERY;
    };
  }

  /** The header with a length to be patched once the body is written. */
  private static void writeHeader(BsonBytesEncoder out, int requestId, int responseTo, int opCode) {
    out.writeInt32(0);
    out.writeInt32(requestId);
    out.writeInt32(responseTo);
    out.writeInt32(opCode);
  }

  private static void writeBody(BsonBytesEncoder out, WireMessage message) {
    switch (message) {
      case OpMsg msg -> writeOpMsg(out, msg);
      case OpReply reply -> writeOpReply(out, reply);
      case OpQuery query -> writeOpQuery(out, query);
    }
  }

  private static void writeOpMsg(BsonBytesEncoder out, OpMsg msg) {
    // Replies never carry a checksum: clients must accept messages without one.
    out.writeInt32(msg.flagBits() & ~OpMsg.CHECKSUM_PRESENT);
    out.writeByte(0);
    out.writeDocument(msg.body());
    for (DocumentSequence sequence : msg.sequences()) {
      out.writeByte(1);
      int sizePosition = out.size();
      out.writeInt32(0);
      out.writeCString(sequence.identifier());
      for (BsonDocument document : sequence.documents()) {
        out.writeDocument(document);
      }
      out.writeInt32At(sizePosition, out.size() - sizePosition);
    }
  }

  private static void writeOpReply(BsonBytesEncoder out, OpReply reply) {
    out.writeInt32(reply.responseFlags());
    out.writeInt64(reply.cursorId());
    out.writeInt32(reply.startingFrom());
    out.writeInt32(reply.documents().size());
    for (BsonDocument document : reply.documents()) {
      out.writeDocument(document);
    }
  }

  private static void writeOpQuery(BsonBytesEncoder out, OpQuery query) {
    out.writeInt32(query.flags());
    out.writeCString(query.fullCollectionName());
    out.writeInt32(query.numberToSkip());
    out.writeInt32(query.numberToReturn());
    out.writeDocument(query.query());
    if (query.returnFieldsSelector() != null) {
      out.writeDocument(query.returnFieldsSelector());
    }
  }
}
