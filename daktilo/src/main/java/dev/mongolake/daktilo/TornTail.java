package dev.mongolake.daktilo;

import java.nio.file.Path;

/**
 * What opening a log cut off the end of its active segment: bytes after the last complete record. A
 * crash in the middle of a write leaves them (a record or an {@code appendMany} batch only partly
 * on disk), and so does a damaged last record, which nothing valid follows and which therefore
 * cannot be told from one. Either way the records they held were never complete on disk: in STRICT
 * and BATCH durability none of them had been acknowledged, unless the disk itself damaged a synced
 * record. Callers log this, since it is the only trace such a loss leaves.
 *
 * @param segment the segment file the bytes were cut from
 * @param offset where the cut bytes began (the end of the last complete record)
 * @param bytes how many bytes, up to the last non-zero one, were zeroed
 * @param lastSequence the last complete record's sequence, which the log continues after
 */
public record TornTail(Path segment, long offset, long bytes, long lastSequence) {}
