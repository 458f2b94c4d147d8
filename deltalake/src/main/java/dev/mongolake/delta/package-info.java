/**
 * deltalake: Delta Lake tables of documents.
 *
 * <p>Owns the storage SPI and its built-in backends (memory, filesystem), the Delta transaction log
 * (actions, snapshot reconstruction, optimistic commits, checkpoints, time travel, vacuum),
 * documents as Parquet (a Variant column plus promoted typed columns), file statistics, the MongoDB
 * filter language with pushdown, and the CDC record format. It knows nothing of the write-ahead
 * log, commands or the wire protocol.
 */
package dev.mongolake.delta;
