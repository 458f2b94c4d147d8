/**
 * How the Iceberg metadata is written: the Delta-to-Iceberg schema and statistics, the table
 * operations over a {@link dev.mongolake.delta.storage.Storage}, and the mirroring of one Delta
 * version as one Iceberg snapshot. Not part of the public API.
 */
package dev.mongolake.delta.iceberg.internal;
