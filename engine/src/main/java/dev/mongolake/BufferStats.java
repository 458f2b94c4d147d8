package dev.mongolake;

import java.time.Duration;

/**
 * The write buffers now: what they hold, and how often writers have waited for a flush because they
 * held {@link MongoLakeOptions#maxBufferedBytes()} (write stalls).
 *
 * @param bufferedBytes changes not yet flushed to the tables, roughly, in bytes
 * @param writeStalls writes that waited for room since the lake opened
 * @param stalledFor their total wait
 */
public record BufferStats(long bufferedBytes, long writeStalls, Duration stalledFor) {}
