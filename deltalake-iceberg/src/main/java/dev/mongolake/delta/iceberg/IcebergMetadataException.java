package dev.mongolake.delta.iceberg;

import dev.mongolake.delta.exceptions.DeltaException;

/** Iceberg metadata could not be written for a Delta table (the Delta commit itself stands). */
public class IcebergMetadataException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public IcebergMetadataException(String message) {
    super(message);
  }

  public IcebergMetadataException(String message, Throwable cause) {
    super(message, cause);
  }
}
