package dev.mongolake.delta.variant;

import dev.mongolake.delta.exceptions.DeltaException;

/** A document cannot be encoded as a Variant, or Variant bytes cannot be decoded to a document. */
public class VariantCodecException extends DeltaException {
  private static final long serialVersionUID = 1L;

  public VariantCodecException(String message) {
    super(message);
  }

  public VariantCodecException(String message, Throwable cause) {
    super(message, cause);
  }
}
