package dev.mongolake.delta.variant;

/**
 * The two binary halves of a Parquet Variant value, as stored in a {@code VARIANT} group's {@code
 * metadata} and {@code value} columns. The arrays are owned by the record and must not be modified.
 *
 * @param metadata the Variant metadata (version 1, the key dictionary)
 * @param value the Variant value
 */
public record EncodedVariant(byte[] metadata, byte[] value) {

  /** Equal when both halves hold the same bytes. */
  @Override
  public boolean equals(Object other) {
    return other instanceof EncodedVariant that
        && java.util.Arrays.equals(metadata, that.metadata)
        && java.util.Arrays.equals(value, that.value);
  }

  @Override
  public int hashCode() {
    return 31 * java.util.Arrays.hashCode(metadata) + java.util.Arrays.hashCode(value);
  }

  @Override
  public String toString() {
    return "EncodedVariant[" + metadata.length + " + " + value.length + " bytes]";
  }
}
