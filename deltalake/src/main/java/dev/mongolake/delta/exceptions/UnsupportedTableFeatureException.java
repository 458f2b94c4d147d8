package dev.mongolake.delta.exceptions;

/**
 * The table uses a protocol version or table feature this library does not implement, so it refuses
 * to read (or write) it rather than return wrong results.
 */
public class UnsupportedTableFeatureException extends DeltaException {
  private static final long serialVersionUID = 1L;

  private final String feature;

  public UnsupportedTableFeatureException(String feature, String message) {
    super(message);
    this.feature = feature;
  }

  /** The feature name as the protocol spells it, such as {@code deletionVectors}. */
  public String feature() {
    return feature;
  }
}
