package dev.mongolake.server.wire;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads whole message frames (header + body) from a connection's input stream, or takes them from
 * the bytes an event loop has received.
 */
public final class MessageFrames {

  /** Bodies up to this size are read into an array allocated at once. */
  private static final int PREALLOCATED_BODY_BYTES = 1024 * 1024;

  private MessageFrames() {}

  /** A header and the bytes that follow it. */
  public record Frame(MessageHeader header, byte[] body) {}

  /**
   * Reads the next frame.
   *
   * @return the frame, or {@code null} if the stream ended cleanly between messages
   * @throws WireProtocolException if the header announces an impossible length
   * @throws EOFException if the stream ends inside a message
   */
  public static Frame read(InputStream in) throws IOException {
    byte[] headerBytes = new byte[MessageHeader.SIZE];
    int headerRead = in.readNBytes(headerBytes, 0, MessageHeader.SIZE);
    if (headerRead == 0) {
      return null;
    }
    if (headerRead < MessageHeader.SIZE) {
      throw new EOFException("connection closed inside a message header");
    }
    ByteBuffer buffer = ByteBuffer.wrap(headerBytes).order(ByteOrder.LITTLE_ENDIAN);
    MessageHeader header =
        new MessageHeader(buffer.getInt(), buffer.getInt(), buffer.getInt(), buffer.getInt());
    checkLength(header.messageLength());
    int length = header.messageLength() - MessageHeader.SIZE;
    byte[] body;
    if (length <= PREALLOCATED_BODY_BYTES) {
      body = new byte[length];
      if (in.readNBytes(body, 0, length) < length) {
        body = null;
      }
    } else {
      // Grows as the bytes arrive: a header alone cannot make the server allocate 48 MiB.
      body = in.readNBytes(length);
    }
    if (body == null || body.length < length) {
      throw new EOFException("connection closed inside a message body");
    }
    return new Frame(header, body);
  }

  /**
   * The length of the message that starts at {@code received}'s position, header included.
   *
   * @param received bytes received, in read mode
   * @return the length, or -1 if fewer than four bytes have arrived
   * @throws WireProtocolException if the header announces an impossible length
   */
  public static int announcedLength(ByteBuffer received) {
    if (received.remaining() < Integer.BYTES) {
      return -1;
    }
    int length = received.order(ByteOrder.LITTLE_ENDIAN).getInt(received.position());
    checkLength(length);
    return length;
  }

  /**
   * Takes the next whole frame from {@code received} and moves its position past it.
   *
   * @param received bytes received, in read mode
   * @return the frame, or {@code null} if the bytes do not hold a whole one yet
   * @throws WireProtocolException if the header announces an impossible length
   */
  public static Frame take(ByteBuffer received) {
    int length = announcedLength(received);
    if (length < 0 || received.remaining() < length) {
      return null;
    }
    received.order(ByteOrder.LITTLE_ENDIAN);
    MessageHeader header =
        new MessageHeader(
            received.getInt(), received.getInt(), received.getInt(), received.getInt());
    byte[] body = new byte[length - MessageHeader.SIZE];
    received.get(body);
    return new Frame(header, body);
  }

  private static void checkLength(int length) {
    if (length < MessageHeader.SIZE || length > WireLimits.MAX_MESSAGE_SIZE) {
      throw new WireProtocolException(
          "Cannot read message: length "
              + length
              + " is outside 16.."
              + WireLimits.MAX_MESSAGE_SIZE);
    }
  }
}
