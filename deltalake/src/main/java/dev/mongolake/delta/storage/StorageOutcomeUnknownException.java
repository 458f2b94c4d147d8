package dev.mongolake.delta.storage;

/**
 * A write whose outcome could not be established: the file may or may not have been created. Only
 * reading the file back later can tell; a Delta commit that ends here is in the "unknown" state and
 * the log must be re-read before deciding whether it won.
 */
public class StorageOutcomeUnknownException extends StorageException {
  private static final long serialVersionUID = 1L;

  private final String path;

  public StorageOutcomeUnknownException(String path, String reason, Throwable cause) {
    super("Cannot establish whether " + path + " was written: " + reason, cause);
    this.path = path;
  }

  /** The storage path whose write has an unknown outcome. */
  public String path() {
    return path;
  }
}
