package dev.mongolake.delta.exceptions;

/** A requested table version or timestamp is outside the versions the log can reconstruct. */
public class VersionNotFoundException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public VersionNotFoundException(String message) {
    super(message);
  }
}
