package dev.mongolake.delta.exceptions;

/** A concurrent commit changed the table metadata (schema, partitioning or configuration). */
public class MetadataChangedException extends ConcurrentModificationException {
  private static final long serialVersionUID = 1L;

  public MetadataChangedException(String message) {
    super(message);
  }
}
