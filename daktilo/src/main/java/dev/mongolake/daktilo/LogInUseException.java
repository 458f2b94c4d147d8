package dev.mongolake.daktilo;

import java.nio.file.Path;

/**
 * The log directory is already open for writing, by another {@link Daktilo} in this process or by
 * another process: its lock file is held. The holder keeps it until it closes the log or dies.
 */
public final class LogInUseException extends DaktiloException {
  private static final long serialVersionUID = 1L;

  private final transient Path lockFile;

  public LogInUseException(Path directory, Path lockFile) {
    super("Cannot open log " + directory + ": it is already open for writing");
    this.lockFile = lockFile;
  }

  /** The lock file that another writer holds. */
  public Path lockFile() {
    return lockFile;
  }
}
