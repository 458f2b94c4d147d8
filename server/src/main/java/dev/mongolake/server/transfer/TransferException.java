package dev.mongolake.server.transfer;

/** A file that cannot be imported or written as asked; the message says where and why. */
public final class TransferException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TransferException(String message) {
    super(message);
  }

  public TransferException(String message, Throwable cause) {
    super(message, cause);
  }
}
