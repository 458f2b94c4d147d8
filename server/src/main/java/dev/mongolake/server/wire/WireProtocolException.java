package dev.mongolake.server.wire;

/**
 * A message that does not follow the wire protocol (bad length, unknown required flag, bad section,
 * malformed BSON, bad checksum, unsupported compressor). The connection that sent it cannot be
 * trusted to be in sync any more and is closed after an error reply where possible.
 */
public final class WireProtocolException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public WireProtocolException(String message) {
    super(message);
  }

  public WireProtocolException(String message, Throwable cause) {
    super(message, cause);
  }
}
