/**
 * Implementation of the table row reader: Parquet values, partition values and file statistics
 * converted to the table's logical schema. Not API: may change without notice.
 */
package dev.mongolake.delta.rows.internal;
