package dev.mongolake.server.wire;

import dev.mongolake.ErrorCode;

/**
 * A message that does not follow the wire protocol (bad length, unknown required flag, bad section,
 * malformed BSON, bad checksum, unsupported compressor) or that no server may accept (BSON nested
 * past MongoDB's limit). When its frame is intact it is answered with {@link #errorCode()}; a
 * broken frame closes the connection.
 */
public final class WireProtocolException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;

  /** A violation of the protocol, answered with ProtocolError. */
  public WireProtocolException(String message) {
    this(ErrorCode.PROTOCOL_ERROR, message, null);
  }

  /** A violation of the protocol, answered with ProtocolError. */
  public WireProtocolException(String message, Throwable cause) {
    this(ErrorCode.PROTOCOL_ERROR, message, cause);
  }

  /** A message refused with MongoDB's {@code errorCode} for it. */
  public WireProtocolException(ErrorCode errorCode, String message, Throwable cause) {
    super(message, cause);
    this.errorCode = errorCode;
  }

  /** The error the reply to such a message carries. */
  public ErrorCode errorCode() {
    return errorCode;
  }
}
