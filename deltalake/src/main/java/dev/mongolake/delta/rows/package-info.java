/**
 * Reading the rows of any Delta table (one Spark or another engine wrote, not only the document
 * tables of {@link dev.mongolake.delta.table}) by logical column names, in the current column
 * types: column mapping, type widening, partition values and deletion vectors applied.
 */
package dev.mongolake.delta.rows;
