package dev.mongolake.server.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.bson.BsonDocument;

/** Turns the bytes of one message (after its header) into a {@link WireMessage}. */
public final class MessageDecoder {

  private MessageDecoder() {}

  /**
   * Decodes a message.
   *
   * @param header the message's header
   * @param body the {@code header.messageLength() - 16} bytes that follow the header
   * @throws WireProtocolException if the message is malformed or of an unsupported type
   */
  public static DecodedMessage decode(MessageHeader header, byte[] body) {
    Optional<OpCode> opCode = OpCode.of(header.opCode());
    if (opCode.isEmpty()) {
      throw new WireProtocolException("Cannot handle message: unknown opcode " + header.opCode());
    }
    if (opCode.get() == OpCode.OP_COMPRESSED) {
      return decodeCompressed(header, body);
    }
    return new DecodedMessage(
        header, decodeUncompressed(header, opCode.get(), body), Optional.empty());
  }

  private static DecodedMessage decodeCompressed(MessageHeader header, byte[] body) {
    ByteBuffer buffer = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
    if (buffer.remaining() < 9) {
      throw new WireProtocolException("Cannot read OP_COMPRESSED: the message ends early");
    }
    int originalOpCode = buffer.getInt();
    int uncompressedSize = buffer.getInt();
    byte compressorId = buffer.get();
    if (uncompressedSize < 0 || uncompressedSize > WireLimits.MAX_MESSAGE_SIZE) {
      throw new WireProtocolException(
          "Cannot read OP_COMPRESSED: uncompressed size " + uncompressedSize + " is out of range");
    }
    OpCode inner =
        OpCode.of(originalOpCode)
            .filter(op -> op != OpCode.OP_COMPRESSED)
            .orElseThrow(
                () ->
                    new WireProtocolException(
                        "Cannot read OP_COMPRESSED: invalid original opcode " + originalOpCode));
    Compressor compressor =
        Compressors.byId(compressorId)
            .orElseThrow(
                () ->
                    new WireProtocolException(
                        "Cannot read OP_COMPRESSED: unknown compressor id " + compressorId));
    byte[] compressed = new byte[buffer.remaining()];
    buffer.get(compressed);
    byte[] original = compressor.decompress(compressed, uncompressedSize);
    MessageHeader innerHeader =
        new MessageHeader(
            MessageHeader.SIZE + uncompressedSize,
            header.requestId(),
            header.responseTo(),
            originalOpCode);
    return new DecodedMessage(
        header, decodeUncompressed(innerHeader, inner, original), Optional.of(compressor));
  }

  private static WireMessage decodeUncompressed(MessageHeader header, OpCode opCode, byte[] body) {
    return switch (opCode) {
      case OP_MSG -> decodeOpMsg(header, body);
      case OP_QUERY -> decodeOpQuery(body);
      default ->
          throw new WireProtocolException(
              "Cannot handle message: opcode " + opCode + " is not supported by this server");
    };
  }

  private static OpMsg decodeOpMsg(MessageHeader header, byte[] body) {
    ByteBuffer buffer = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
    if (buffer.remaining() < 4) {
      throw new WireProtocolException("Cannot read OP_MSG: the message ends early");
    }
    int flagBits = buffer.getInt();
    int unknownRequired = flagBits & 0xFFFF & ~OpMsg.KNOWN_REQUIRED_BITS;
    if (unknownRequired != 0) {
      throw new WireProtocolException(
          "Cannot read OP_MSG: unknown required flag bits 0x"
              + Integer.toHexString(unknownRequired));
    }
    int end = body.length;
    if ((flagBits & OpMsg.CHECKSUM_PRESENT) != 0) {
      end -= 4;
      if (end < 4) {
        throw new WireProtocolException("Cannot read OP_MSG: no room for its checksum");
      }
      verifyChecksum(header, body, end);
    }
    buffer.limit(end);
    BsonDocument bodyDocument = null;
    List<DocumentSequence> sequences = new ArrayList<>();
    while (buffer.hasRemaining()) {
      byte kind = buffer.get();
      switch (kind) {
        case 0 -> {
          if (bodyDocument != null) {
            throw new WireProtocolException("Cannot read OP_MSG: more than one body section");
          }
          bodyDocument = BsonSlices.readDocument(buffer, "OP_MSG body");
        }
        case 1 -> sequences.add(readSequence(buffer));
        default ->
            throw new WireProtocolException("Cannot read OP_MSG: unknown section kind " + kind);
      }
    }
    if (bodyDocument == null) {
      throw new WireProtocolException("Cannot read OP_MSG: it has no body section");
    }
    return new OpMsg(flagBits, bodyDocument, sequences);
  }

  private static DocumentSequence readSequence(ByteBuffer buffer) {
    if (buffer.remaining() < 4) {
      throw new WireProtocolException("Cannot read OP_MSG document sequence: it ends early");
    }
    int start = buffer.position();
    int size = buffer.getInt();
    if (size < 5 || size > buffer.remaining() + 4) {
      throw new WireProtocolException("Cannot read OP_MSG document sequence: invalid size " + size);
    }
    int sequenceEnd = start + size;
    ByteBuffer section = buffer.slice(buffer.position(), size - 4).order(ByteOrder.LITTLE_ENDIAN);
    String identifier = BsonSlices.readCString(section, "OP_MSG document sequence identifier");
    List<BsonDocument> documents = new ArrayList<>();
    while (section.hasRemaining()) {
      documents.add(
          BsonSlices.readDocument(section, "OP_MSG document sequence '" + identifier + "'"));
    }
    buffer.position(sequenceEnd);
    return new DocumentSequence(identifier, documents);
  }

  private static void verifyChecksum(MessageHeader header, byte[] body, int end) {
    CRC32C crc = new CRC32C();
    ByteBuffer headerBytes = ByteBuffer.allocate(MessageHeader.SIZE).order(ByteOrder.LITTLE_ENDIAN);
    headerBytes
        .putInt(header.messageLength())
        .putInt(header.requestId())
        .putInt(header.responseTo())
        .putInt(header.opCode());
    crc.update(headerBytes.array());
    crc.update(body, 0, end);
    int expected = ByteBuffer.wrap(body, end, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    if ((int) crc.getValue() != expected) {
      throw new WireProtocolException("Cannot read OP_MSG: checksum mismatch");
    }
  }

  private static OpQuery decodeOpQuery(byte[] body) {
    ByteBuffer buffer = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
    if (buffer.remaining() < 4) {
      throw new WireProtocolException("Cannot read OP_QUERY: the message ends early");
    }
    int flags = buffer.getInt();
    String collection = BsonSlices.readCString(buffer, "OP_QUERY collection name");
    if (buffer.remaining() < 8) {
      throw new WireProtocolException("Cannot read OP_QUERY: the message ends early");
    }
    int skip = buffer.getInt();
    int toReturn = buffer.getInt();
    BsonDocument query = BsonSlices.readDocument(buffer, "OP_QUERY query");
    BsonDocument selector =
        buffer.hasRemaining() ? BsonSlices.readDocument(buffer, "OP_QUERY field selector") : null;
    if (buffer.hasRemaining()) {
      throw new WireProtocolException("Cannot read OP_QUERY: trailing bytes after the documents");
    }
    return new OpQuery(flags, collection, skip, toReturn, query, selector);
  }
}
