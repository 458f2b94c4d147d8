package dev.mongolake.delta.parquet;

import dev.mongolake.delta.exceptions.DeltaException;

/** A Parquet file could not be written or read: bad options, a corrupt file, or an I/O failure. */
public class ParquetFileException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public ParquetFileException(String message) {
    super(message);
  }

  public ParquetFileException(String message, Throwable cause) {
    super(message, cause);
  }
}
