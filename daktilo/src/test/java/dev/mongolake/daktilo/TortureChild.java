package dev.mongolake.daktilo;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.CRC32;

/**
 * The child JVM of {@link TortureTest}: appends in BATCH mode from several threads until it is
 * killed, printing {@code a <sequence> <crc32 of payload> .} for every acknowledged record (the
 * trailing dot tells a complete line from one cut by the kill). In mode {@code recycle} it appends
 * in ASYNC mode while one more thread keeps checkpointing 300 records behind the end and
 * compacting, so compacted segment files are recycled all the time.
 */
public final class TortureChild {
  private TortureChild() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    int threads = Integer.parseInt(args[1]);
    long seed = Long.parseLong(args[2]);
    boolean recycle = args.length > 3 && args[3].equals("recycle");
    PrintStream out =
        new PrintStream(
            new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
            false,
            StandardCharsets.US_ASCII);
    DaktiloOptions options =
        DaktiloOptions.defaults()
            .withSegmentSize(48 * 1024)
            .withDurability(recycle ? Durability.ASYNC : Durability.BATCH);
    Daktilo log = Daktilo.open(dir, options);
    synchronized (out) {
      out.println("ready " + log.lastSequence());
      out.flush();
    }
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      SplittableRandom random = new SplittableRandom(seed * 31 + t);
      workers.add(Thread.ofVirtual().start(() -> work(log, random, out)));
    }
    if (recycle) {
      workers.add(Thread.ofVirtual().start(() -> consume(log)));
    }
    for (Thread w : workers) {
      w.join();
    }
  }

  private static void work(Daktilo log, SplittableRandom random, PrintStream out) {
    while (true) {
      int kind = random.nextInt(10);
      if (kind == 0) {
        List<byte[]> batch = new ArrayList<>();
        int n = 2 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
          batch.add(payload(random));
        }
        long[] seqs = log.appendMany(batch);
        for (int i = 0; i < n; i++) {
          ack(out, seqs[i], batch.get(i));
        }
      } else if (kind == 1) {
        byte[] p = payload(random);
        ack(out, log.appendAsync(p).join(), p);
      } else {
        byte[] p = payload(random);
        ack(out, log.append(p), p);
      }
    }
  }

  /** A consumer that keeps up: checkpoints 300 records behind the end and compacts. */
  private static void consume(Daktilo log) {
    while (true) {
      long target = log.lastSequence() - 300;
      if (target > log.checkpointSequence()) {
        log.checkpoint(target);
        log.compact();
      }
      LockSupport.parkNanos(1_000_000);
    }
  }

  private static byte[] payload(SplittableRandom random) {
    byte[] p = new byte[random.nextInt(400)];
    random.nextBytes(p);
    return p;
  }

  static long crc(byte[] payload) {
    CRC32 crc = new CRC32();
    crc.update(payload);
    return crc.getValue();
  }

  private static void ack(PrintStream out, long sequence, byte[] payload) {
    synchronized (out) {
      out.println("a " + sequence + " " + crc(payload) + " .");
      out.flush();
    }
  }
}
