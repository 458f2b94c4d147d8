/**
 * MongoDB's order of BSON values: {@link dev.mongolake.delta.order.BsonComparisonOrder} (the
 * comparison and sort order, with {@link dev.mongolake.delta.order.BsonTypeBracket} for the order
 * of the type classes) and the exact comparisons of numbers and strings under it. The filter
 * language, statistics, Parquet pushdown and the engine's sorts and indexes share it; it depends on
 * no other package of the library.
 */
package dev.mongolake.delta.order;
