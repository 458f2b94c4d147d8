/**
 * daktilo: a durable, ordered, binary append-only log (write-ahead log and commit log).
 *
 * <p>Owns segment files, CRC32C record framing, crash-tail recovery, group commit with coalesced
 * fdatasync, the sparse index, the hot-read cache, checkpoints and compaction, live tailing, zstd
 * compression of sealed segments and its own small command-line tool. It knows only bytes: nothing
 * here knows about documents, tables or the wire protocol. Its only runtime dependency is zstd-jni.
 */
package dev.mongolake.daktilo;
