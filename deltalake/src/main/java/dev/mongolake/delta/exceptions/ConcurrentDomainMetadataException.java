package dev.mongolake.delta.exceptions;

/** A concurrent commit changed a metadata domain this transaction also changes. */
public class ConcurrentDomainMetadataException extends ConcurrentModificationException {
  private static final long serialVersionUID = 1L;

  public ConcurrentDomainMetadataException(String message) {
    super(message);
  }
}
