package dev.mongolake.delta.storage;

/** The named file does not exist in the storage backend. */
public class StorageFileNotFoundException extends StorageException {
  private static final long serialVersionUID = 1L;

  private final String path;

  public StorageFileNotFoundException(String path) {
    super("Cannot read " + path + ": no such file");
    this.path = path;
  }

  /** The storage path that was not found. */
  public String path() {
    return path;
  }
}
