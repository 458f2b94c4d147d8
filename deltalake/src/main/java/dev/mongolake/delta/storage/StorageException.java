package dev.mongolake.delta.storage;

import dev.mongolake.delta.exceptions.DeltaException;

/** An I/O failure of a storage backend: the operation may or may not have taken effect. */
public class StorageException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public StorageException(String message) {
    super(message);
  }

  public StorageException(String message, Throwable cause) {
    super(message, cause);
  }
}
