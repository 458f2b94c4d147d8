package dev.mongolake.server.wire;

/**
 * The 16-byte header that starts every wire message (all fields little-endian int32).
 *
 * @param messageLength total message length in bytes, header included
 * @param requestId the sender's identifier for this message
 * @param responseTo the request this message answers, 0 for a request
 * @param opCode the numeric message type
 */
public record MessageHeader(int messageLength, int requestId, int responseTo, int opCode) {
  /** Size of the header on the wire. */
  public static final int SIZE = 16;
}
