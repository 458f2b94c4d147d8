package dev.mongolake.delta.exceptions;

/**
 * The table's schema carries column metadata that contradicts the protocol (a column without its
 * physical name in column mapping mode {@code name}, two columns sharing an id, a malformed {@code
 * delta.typeChanges} entry): the table cannot be read correctly, so it is refused.
 */
public class InvalidSchemaMetadataException extends DeltaException {
  private static final long serialVersionUID = 1L;

  private final String column;

  public InvalidSchemaMetadataException(String column, String message) {
    super(message);
    this.column = column;
  }

  /** The dotted logical path of the offending column. */
  public String column() {
    return column;
  }
}
