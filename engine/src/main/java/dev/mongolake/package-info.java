/**
 * MongoLake: the embedded MongoDB-compatible document database engine.
 *
 * <p>Owns the embedded API ({@code MongoLake.open().db("app").collection("users")}), the engine
 * (write-ahead log apply, in-memory buffer, flush to Delta tables), query, update and aggregation
 * operators, indexes and the tables' configuration (promoted columns, change data feed). It is the
 * only module that joins {@code daktilo} (the log) and {@code deltalake} (the tables).
 */
package dev.mongolake;
