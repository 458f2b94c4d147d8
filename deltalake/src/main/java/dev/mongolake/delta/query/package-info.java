/**
 * The MongoDB filter language: {@link dev.mongolake.delta.query.Filter} parses a filter document
 * into a typed tree ({@link dev.mongolake.delta.query.ast}), matches documents with MongoDB's
 * semantics (comparing values in {@link dev.mongolake.delta.order.BsonComparisonOrder}, MongoDB's
 * BSON order, shared with sort and indexes), and derives conservative pushdown for file statistics
 * and Parquet. Errors are {@link dev.mongolake.delta.exceptions.QueryException}s carrying MongoDB's
 * error codes.
 */
package dev.mongolake.delta.query;
