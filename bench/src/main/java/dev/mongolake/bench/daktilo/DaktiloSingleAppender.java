package dev.mongolake.bench.daktilo;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.Preallocation;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One producer calls {@code append(byte[])} in a loop, each call returning once the record is
 * acknowledged per {@code durability}. Reports records per second (or payload MiB/s) and per-append
 * latency. Opening the log (and preallocating its first segment) is not timed.
 *
 * @param durability the log's durability mode
 * @param payloadBytes size of each record's payload
 * @param segmentBytes segment size
 * @param reportBandwidth report payload MiB/s instead of records per second
 * @param checkpointEvery 0, or: like a consumer that keeps up (the engine after each flush to
 *     Delta), every this many records the log is checkpointed at the sequence that many records
 *     back and compacted, so the log keeps about that many records and compacted segment files are
 *     recycled. In ASYNC mode the producer does it in its loop (checked every 1,024 appends); in
 *     the durable modes a consumer thread does it, as the engine's flush thread does, so that its
 *     checkpoint and directory fsyncs run beside the appends instead of between them
 * @param recycledSegments the log's {@code recycledSegments} option (0 deletes compacted segments)
 * @param preallocation the log's {@code preallocation} option (durable modes)
 */
public record DaktiloSingleAppender(
    Durability durability,
    int payloadBytes,
    long segmentBytes,
    boolean reportBandwidth,
    long checkpointEvery,
    int recycledSegments,
    Preallocation preallocation)
    implements Workload {

  /** A producer that never checkpoints: the log grows for the whole run. */
  public DaktiloSingleAppender(
      Durability durability, int payloadBytes, long segmentBytes, boolean reportBandwidth) {
    this(
        durability,
        payloadBytes,
        segmentBytes,
        reportBandwidth,
        0,
        DaktiloOptions.defaults().recycledSegments(),
        DaktiloOptions.defaults().preallocation());
  }

  /** The consumer of a durable checkpointed run: checkpoints and compacts as records arrive. */
  private void consume(Daktilo log, AtomicBoolean stop, AtomicReference<Throwable> failure) {
    try {
      long next = 2 * checkpointEvery;
      while (!stop.get()) {
        long last = log.lastSequence();
        if (last >= next) {
          log.checkpoint(last - checkpointEvery);
          log.compact();
          next = last + checkpointEvery;
        } else {
          LockSupport.parkNanos(1_000_000);
        }
      }
    } catch (Throwable e) {
      failure.set(e);
    }
  }

  /** Samples the clock every this many appends when latency is not sampled for every one. */
  private static final int APPENDS_PER_CLOCK_CHECK = 1024;

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload = Payloads.random(payloadBytes, 1);
    LatencySampler latencies = new LatencySampler(100_000);
    DaktiloOptions options =
        DaktiloOptions.defaults()
            .withDurability(durability)
            .withSegmentSize(segmentBytes)
            .withRecycledSegments(recycledSegments)
            .withPreallocation(preallocation);
    try (Daktilo log = Daktilo.open(dir.resolve("log"), options)) {
      long records = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      if (durability == Durability.ASYNC) {
        // Sub-microsecond appends: time a block of them so the clock does not dominate.
        long nextCheckpoint = checkpointEvery > 0 ? checkpointEvery : Long.MAX_VALUE;
        do {
          long last = 0;
          for (int i = 0; i < APPENDS_PER_CLOCK_CHECK; i++) {
            last = log.append(payload);
          }
          records += APPENDS_PER_CLOCK_CHECK;
          if (records >= nextCheckpoint) {
            log.checkpoint(last - checkpointEvery);
            log.compact();
            nextCheckpoint += checkpointEvery;
          }
          long done = System.nanoTime();
          latencies.record((done - now) / APPENDS_PER_CLOCK_CHECK);
          now = done;
        } while (now < deadline);
      } else {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> consumerFailure = new AtomicReference<>();
        Thread consumer =
            checkpointEvery > 0
                ? Thread.ofPlatform()
                    .name("bench-consumer")
                    .start(() -> consume(log, stop, consumerFailure))
                : null;
        try {
          do {
            log.append(payload);
            records++;
            long done = System.nanoTime();
            latencies.record(done - now);
            now = done;
          } while (now < deadline);
        } finally {
          stop.set(true);
          if (consumer != null) {
            consumer.join();
          }
        }
        if (consumerFailure.get() != null) {
          throw new IllegalStateException("Cannot checkpoint and compact", consumerFailure.get());
        }
      }
      long elapsed = now - start;
      double rate =
          reportBandwidth
              ? Measurement.perSecond(records * payloadBytes, elapsed) / (1 << 20)
              : Measurement.perSecond(records, elapsed);
      return Measurement.rate(rate, reportBandwidth ? "MiB/s" : "rec/s", latencies.percentiles());
    }
  }
}
