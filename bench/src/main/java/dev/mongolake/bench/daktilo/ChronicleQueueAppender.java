package dev.mongolake.bench.daktilo;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The peer of daktilo's async row: one producer appends records of {@code payloadBytes} to a
 * Chronicle Queue (its default roll cycle and block size, no fsync: Chronicle's appends, like
 * daktilo's ASYNC ones, are done once the bytes are in the memory-mapped file). Reports records per
 * second, timed the same way as {@link DaktiloSingleAppender} in ASYNC mode. Creating the queue is
 * not timed.
 *
 * <p>It fails loudly rather than report a rate for work it did not do: after the timed loop it
 * reads the queue back and throws unless exactly the appended records, of the right size, are
 * there. Chronicle needs JVM flags on Java 25 (see BENCHMARKS.md); without them it throws while the
 * queue is built, and the harness reports the row as failed.
 *
 * @param payloadBytes size of each record's payload
 */
public record ChronicleQueueAppender(int payloadBytes) implements Workload {

  private static final int APPENDS_PER_CLOCK_CHECK = 1024;

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload = Payloads.random(payloadBytes, 1);
    BytesStore<?, ?> record = BytesStore.wrap(payload);
    LatencySampler latencies = new LatencySampler(100_000);
    ChronicleQueue queue;
    try {
      queue = ChronicleQueue.singleBuilder(dir.resolve("queue")).build();
    } catch (Throwable t) {
      // Linkage errors and InaccessibleObjectException alike: the harness reports the row.
      throw new IllegalStateException(
          "Cannot open Chronicle Queue (missing --add-opens/--add-exports flags?): " + t, t);
    }
    try (queue;
        ExcerptAppender appender = queue.createAppender()) {
      long records = 0;
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      long now = start;
      do {
        for (int i = 0; i < APPENDS_PER_CLOCK_CHECK; i++) {
          appender.writeBytes(record);
        }
        records += APPENDS_PER_CLOCK_CHECK;
        long done = System.nanoTime();
        latencies.record((done - now) / APPENDS_PER_CLOCK_CHECK);
        now = done;
      } while (now < deadline);
      long elapsed = now - start;
      verify(queue, records);
      return Measurement.rate(
          Measurement.perSecond(records, elapsed), "rec/s", latencies.percentiles());
    }
  }

  /** Reads the queue back: exactly {@code expected} records of {@code payloadBytes} each. */
  private void verify(ChronicleQueue queue, long expected) {
    long found = 0;
    try (ExcerptTailer tailer = queue.createTailer()) {
      while (true) {
        try (DocumentContext dc = tailer.readingDocument()) {
          if (!dc.isPresent()) {
            break;
          }
          long length = dc.wire().bytes().readRemaining();
          if (length != payloadBytes) {
            throw new IllegalStateException(
                "Cannot verify the Chronicle Queue run: record "
                    + found
                    + " has "
                    + length
                    + " bytes, expected "
                    + payloadBytes);
          }
          found++;
        }
      }
    }
    if (found != expected || expected == 0) {
      throw new IllegalStateException(
          "Cannot verify the Chronicle Queue run: "
              + found
              + " records read back, "
              + expected
              + " appended");
    }
  }
}
