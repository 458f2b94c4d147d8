package dev.mongolake.bench.baseline;

import dev.mongolake.bench.LatencySampler;
import dev.mongolake.bench.Measurement;
import dev.mongolake.bench.Payloads;
import dev.mongolake.bench.Workload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Raw baseline: group commit. {@code producers} virtual threads each hand one record at a time to a
 * single syncer thread and park; the syncer takes everything pending, writes it in one buffer,
 * forces once, and unparks exactly the producers that force covered. Reports records per second,
 * per-record latency as a producer sees it, and records per force.
 *
 * @param producers number of producer virtual threads
 * @param payloadBytes size of each record's payload
 */
public record RawGroupCommit(int producers, int payloadBytes) implements Workload {

  private static final long FILE_BYTES = 64L << 20;
  private static final int MAX_BATCH_BYTES = 4 << 20;

  /** One record handed to the syncer; {@code durable} flips once its force returned. */
  private static final class Pending {
    final byte[] payload;
    final Thread producer;
    volatile boolean durable;

    Pending(byte[] payload, Thread producer) {
      this.payload = payload;
      this.producer = producer;
    }
  }

  @Override
  public Measurement run(Path dir, long budgetNanos) throws Exception {
    byte[] payload = Payloads.random(payloadBytes, 4);
    ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicBoolean stop = new AtomicBoolean();
    long[] syncs = new long[1];
    long[] synced = new long[1];
    List<LatencySampler> samplers = new ArrayList<>();
    try (PreallocatedFile file = PreallocatedFile.create(dir.resolve("raw.log"), FILE_BYTES)) {
      Thread syncer =
          Thread.ofPlatform()
              .name("raw-syncer")
              .unstarted(() -> syncLoop(file, queue, stop, syncs, synced, failure));
      syncer.start();
      long start = System.nanoTime();
      long deadline = start + budgetNanos;
      List<Thread> threads = new ArrayList<>();
      for (int p = 0; p < producers; p++) {
        LatencySampler sampler = new LatencySampler(Math.max(1024, 400_000 / producers));
        samplers.add(sampler);
        threads.add(
            Thread.ofVirtual()
                .start(() -> produce(payload, queue, syncer, deadline, sampler, failure)));
      }
      for (Thread thread : threads) {
        thread.join();
      }
      long elapsed = System.nanoTime() - start;
      stop.set(true);
      LockSupport.unpark(syncer);
      syncer.join();
      if (failure.get() != null) {
        throw new IllegalStateException("Cannot finish the group commit run", failure.get());
      }
      return new Measurement(
          Measurement.perSecond(synced[0], elapsed),
          "rec/s",
          LatencySampler.percentiles(samplers),
          (double) synced[0] / Math.max(1, syncs[0]));
    }
  }

  private static void produce(
      byte[] payload,
      ConcurrentLinkedQueue<Pending> queue,
      Thread syncer,
      long deadline,
      LatencySampler sampler,
      AtomicReference<Throwable> failure) {
    long now = System.nanoTime();
    do {
      Pending pending = new Pending(payload, Thread.currentThread());
      queue.offer(pending);
      LockSupport.unpark(syncer);
      while (!pending.durable) {
        LockSupport.park(pending);
      }
      long done = System.nanoTime();
      sampler.record(done - now);
      now = done;
    } while (now < deadline && failure.get() == null);
  }

  private static void syncLoop(
      PreallocatedFile file,
      ConcurrentLinkedQueue<Pending> queue,
      AtomicBoolean stop,
      long[] syncs,
      long[] synced,
      AtomicReference<Throwable> failure) {
    ByteBuffer batch = ByteBuffer.allocateDirect(MAX_BATCH_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    RecordFraming framing = new RecordFraming();
    List<Pending> covered = new ArrayList<>();
    long position = 0;
    long sequence = 0;
    try {
      while (true) {
        batch.clear();
        covered.clear();
        Pending next;
        while (batch.remaining() >= RecordFraming.HEADER_BYTES + 64 * 1024
            && (next = queue.poll()) != null) {
          framing.frame(batch, ++sequence, next.payload);
          covered.add(next);
        }
        if (covered.isEmpty()) {
          if (stop.get()) {
            return;
          }
          LockSupport.park();
          continue;
        }
        batch.flip();
        position = file.writeWrapping(batch, position);
        file.channel().force(false);
        syncs[0]++;
        synced[0] += covered.size();
        for (Pending pending : covered) {
          pending.durable = true;
          LockSupport.unpark(pending.producer);
        }
      }
    } catch (Throwable e) {
      failure.set(e);
      // Wake everyone so that producers see the failure instead of parking forever.
      for (Pending pending : queue) {
        pending.durable = true;
        LockSupport.unpark(pending.producer);
      }
      for (Pending pending : covered) {
        pending.durable = true;
        LockSupport.unpark(pending.producer);
      }
    }
  }
}
