/**
 * The MongoDB filter language: {@link dev.mongolake.delta.query.Filter} parses a filter document
 * into a typed tree ({@link dev.mongolake.delta.query.ast}), matches documents with MongoDB's
 * semantics, and derives conservative pushdown for file statistics and Parquet. {@link
 * dev.mongolake.delta.query.BsonComparisonOrder} is MongoDB's BSON comparison order, shared with
 * sort and indexes. Errors are {@link dev.mongolake.delta.query.QueryException}s carrying MongoDB's
 * error codes.
 */
package dev.mongolake.delta.query;
