package dev.mongolake.server.wire;

import dev.mongolake.ErrorCode;
import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.bson.BsonDepthException;
import dev.mongolake.bson.BsonNesting;
import dev.mongolake.bson.BsonNonConformantException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.bson.BsonDocument;
import org.bson.BsonSerializationException;

/**
 * Reads one BSON document from a little-endian buffer, validating its framing first, so that a
 * hostile length never causes a large allocation or a read past the message, and holding its
 * nesting to {@link BsonNesting#MAX_DEPTH}, so that a hostile depth never exhausts a stack.
 */
final class BsonSlices {

  private BsonSlices() {}

  /** Reads the document at the buffer's position and advances past it. */
  static BsonDocument readDocument(ByteBuffer buffer, String where) {
    if (buffer.remaining() < 5) {
      throw new WireProtocolException("Cannot read " + where + ": the message ends early");
    }
    int start = buffer.position();
    int size = buffer.order(ByteOrder.LITTLE_ENDIAN).getInt(start);
    if (size < 5 || size > buffer.remaining()) {
      throw new WireProtocolException(
          "Cannot read " + where + ": invalid BSON length " + size + " at offset " + start);
    }
    if (size > WireLimits.MAX_COMMAND_SIZE) {
      throw new WireProtocolException(
          "Cannot read " + where + ": BSON document of " + size + " bytes exceeds the limit");
    }
    if (buffer.get(start + size - 1) != 0) {
      throw new WireProtocolException(
          "Cannot read " + where + ": BSON document is not terminated by a zero byte");
    }
    if (!buffer.hasArray()) {
      throw new IllegalArgumentException("Cannot read " + where + ": the buffer has no array");
    }
    try {
      BsonDocument document =
          BsonBytesDecoder.decodeConformant(buffer.array(), buffer.arrayOffset() + start, size);
      buffer.position(start + size);
      return document;
    } catch (BsonDepthException e) {
      // MongoDB's own answer to such a message (its BSON validation, bson_validate.cpp).
      throw new WireProtocolException(
          ErrorCode.OVERFLOW, "Cannot read " + where + ": " + BsonNesting.TOO_DEEP, e);
    } catch (BsonNonConformantException e) {
      throw new WireProtocolException(
          ErrorCode.NON_CONFORMANT_BSON, "Cannot read " + where + ": " + e.getMessage(), e);
    } catch (BsonSerializationException e) {
      throw new WireProtocolException(
          "Cannot read " + where + ": invalid BSON: " + e.getMessage(), e);
    }
  }

  /** Reads a NUL-terminated UTF-8 string and advances past it. */
  static String readCString(ByteBuffer buffer, String where) {
    int start = buffer.position();
    for (int i = start; i < buffer.limit(); i++) {
      if (buffer.get(i) == 0) {
        byte[] bytes = new byte[i - start];
        buffer.get(bytes);
        buffer.get();
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
      }
    }
    throw new WireProtocolException("Cannot read " + where + ": unterminated string");
  }
}
