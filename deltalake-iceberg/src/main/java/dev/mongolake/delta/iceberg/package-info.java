/**
 * Apache Iceberg metadata beside Delta tables ({@link
 * dev.mongolake.delta.iceberg.IcebergMetadata}).
 *
 * <p>Kept out of the {@code deltalake} module so that the embedded default stays light:
 * iceberg-core (and its Avro) is on the classpath only when this module is.
 */
package dev.mongolake.delta.iceberg;
