package dev.mongolake.delta.variant;

/**
 * The two binary halves of a Parquet Variant value, as stored in a {@code VARIANT} group's {@code
 * metadata} and {@code value} columns. The arrays are owned by the record and must not be modified.
 *
 * @param metadata the Variant metadata (version 1, the key dictionary)
 * @param value the Variant value
 */
public record EncodedVariant(byte[] metadata, byte[] value) {}
