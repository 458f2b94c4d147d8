package dev.mongolake.server.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/** Turns replies into wire bytes, optionally wrapped in OP_COMPRESSED. */
public final class MessageEncoder {

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();
  private static final EncoderContext CONTEXT = EncoderContext.builder().build();

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
    OpCode opCode;
    BasicOutputBuffer body = new BasicOutputBuffer();
    switch (message) {
      case OpMsg msg -> {
        opCode = OpCode.OP_MSG;
        writeOpMsg(body, msg);
      }
      case OpReply reply -> {
        opCode = OpCode.OP_REPLY;
        writeOpReply(body, reply);
      }
      case OpQuery query -> {
        opCode = OpCode.OP_QUERY;
        writeOpQuery(body, query);
      }
    }
    byte[] plain = body.toByteArray();
    if (compressor.isEmpty()) {
      return frame(requestId, responseTo, opCode.code(), plain);
    }
    Compressor c = compressor.get();
    byte[] compressed = c.compress(plain);
    ByteBuffer wrapped =
        ByteBuffer.allocate(9 + compressed.length)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putInt(opCode.code())
            .putInt(plain.length)
            .put(c.id())
            .put(compressed);
    return frame(requestId, responseTo, OpCode.OP_COMPRESSED.code(), wrapped.array());
  }

  private static byte[] frame(int requestId, int responseTo, int opCode, byte[] body) {
    return ByteBuffer.allocate(MessageHeader.SIZE + body.length)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putInt(MessageHeader.SIZE + body.length)
        .putInt(requestId)
        .putInt(responseTo)
        .putInt(opCode)
        .put(body)
        .array();
  }

  private static void writeOpMsg(BasicOutputBuffer out, OpMsg msg) {
    // Replies never carry a checksum: clients must accept messages without one.
    out.writeInt32(msg.flagBits() & ~OpMsg.CHECKSUM_PRESENT);
    out.writeByte(0);
    writeDocument(out, msg.body());
    for (DocumentSequence sequence : msg.sequences()) {
      out.writeByte(1);
      int sizePosition = out.getPosition();
      out.writeInt32(0);
      out.writeCString(sequence.identifier());
      for (BsonDocument document : sequence.documents()) {
        writeDocument(out, document);
      }
      out.writeInt32(sizePosition, out.getPosition() - sizePosition);
    }
  }

  private static void writeOpReply(BasicOutputBuffer out, OpReply reply) {
    out.writeInt32(reply.responseFlags());
    out.writeInt64(reply.cursorId());
    out.writeInt32(reply.startingFrom());
    out.writeInt32(reply.documents().size());
    for (BsonDocument document : reply.documents()) {
      writeDocument(out, document);
    }
  }

  private static void writeOpQuery(BasicOutputBuffer out, OpQuery query) {
    out.writeInt32(query.flags());
    out.writeCString(query.fullCollectionName());
    out.writeInt32(query.numberToSkip());
    out.writeInt32(query.numberToReturn());
    writeDocument(out, query.query());
    if (query.returnFieldsSelector() != null) {
      writeDocument(out, query.returnFieldsSelector());
    }
  }

  private static void writeDocument(BasicOutputBuffer out, BsonDocument document) {
    try (BsonBinaryWriter writer = new BsonBinaryWriter(out)) {
      CODEC.encode(writer, document, CONTEXT);
    }
  }
}
