/**
 * The deltalake error hierarchy: {@link dev.mongolake.delta.exceptions.DeltaException}, its
 * subtypes for the table and its commits, and the filter language's {@link
 * dev.mongolake.delta.exceptions.QueryException} with its MongoDB codes. It depends on no other
 * package of the library, so that every package (the log, storage, Parquet, the filter language and
 * its tree) can throw these while the {@link dev.mongolake.delta.DeltaTable} facade above them uses
 * all of them.
 */
package dev.mongolake.delta.exceptions;
