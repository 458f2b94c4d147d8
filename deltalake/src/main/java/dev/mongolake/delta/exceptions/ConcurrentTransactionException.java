package dev.mongolake.delta.exceptions;

/** A concurrent commit recorded progress for the same idempotent writer (txn appId). */
public class ConcurrentTransactionException extends ConcurrentModificationException {
  private static final long serialVersionUID = 1L;

  public ConcurrentTransactionException(String message) {
    super(message);
  }
}
