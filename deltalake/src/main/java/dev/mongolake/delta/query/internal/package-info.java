/**
 * Implementation of the filter language; not API. {@code parse} holds the parser and the operator
 * registry, {@code operators} one handler per operator or small family, {@code stats} and {@code
 * parquet} the pushdown.
 */
package dev.mongolake.delta.query.internal;
