package dev.mongolake.bench;

import dev.mongolake.bench.baseline.RawBatchForce;
import dev.mongolake.bench.baseline.RawBufferedAppend;
import dev.mongolake.bench.baseline.RawCompressedBlockRead;
import dev.mongolake.bench.baseline.RawForcePerRecord;
import dev.mongolake.bench.baseline.RawFramedScan;
import dev.mongolake.bench.baseline.RawGroupCommit;
import dev.mongolake.bench.daktilo.ChronicleQueueAppender;
import dev.mongolake.bench.daktilo.DaktiloAppendMany;
import dev.mongolake.bench.daktilo.DaktiloCompressedRead;
import dev.mongolake.bench.daktilo.DaktiloConcurrentAppenders;
import dev.mongolake.bench.daktilo.DaktiloRecovery;
import dev.mongolake.bench.daktilo.DaktiloSingleAppender;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.Preallocation;
import java.util.List;

/** The daktilo workloads, each paired with its raw baseline and the target. */
public final class DaktiloComparisons {

  private static final long DEFAULT_SEGMENT = 64L << 20;
  private static final int SMALL = 140;
  private static final int MIB = 1 << 20;
  private static final int COMPRESSED_RECORDS = 200_000;

  /**
   * The checkpointed async rows keep about this many records (a fifth of a default segment of
   * 128-byte records, 146 bytes framed): a consumer that keeps up, so segments are compacted soon
   * after they are sealed, and most of a 3 s run writes into recycled files.
   */
  private static final long ASYNC_CHECKPOINT_EVERY = 100_000;

  /**
   * The checkpointed 1 MiB row checkpoints every 32 records, 32 records behind (half a default
   * segment of 1 MiB records): each sealed segment is compacted, and its file recycled, half a
   * segment after it was sealed.
   */
  private static final long MIB_CHECKPOINT_EVERY = 32;

  /** Every comparison, in report order. */
  public static List<Comparison> all(HarnessOptions options) {
    return List.of(
        new Comparison(
            "strict 4 KiB, 1 producer",
            new RawForcePerRecord(4096, false),
            new DaktiloSingleAppender(Durability.STRICT, 4096, DEFAULT_SEGMENT, false),
            Target.ratio(0.85).withP99Within(2)),
        new Comparison(
            "strict 140 B, 1 producer",
            new RawForcePerRecord(SMALL, false),
            new DaktiloSingleAppender(Durability.STRICT, SMALL, DEFAULT_SEGMENT, false),
            Target.ratio(0.85).withP99Within(2)),
        new Comparison(
            "batch 140 B, 1 producer",
            new RawGroupCommit(1, SMALL),
            new DaktiloConcurrentAppenders(1, SMALL),
            Target.NONE),
        new Comparison(
            "batch 140 B, 16 vthreads",
            new RawGroupCommit(16, SMALL),
            new DaktiloConcurrentAppenders(16, SMALL),
            Target.ratio(0.70)),
        new Comparison(
            "batch 140 B, 256 vthreads",
            new RawGroupCommit(256, SMALL),
            new DaktiloConcurrentAppenders(256, SMALL),
            Target.ratio(0.80).withRecordsPerSync(100)),
        new Comparison(
            "appendMany(256) 140 B",
            new RawBatchForce(256, SMALL),
            new DaktiloAppendMany(256, SMALL),
            Target.ratio(0.50)),
        new Comparison(
            "async 128 B, 1 producer",
            new RawBufferedAppend(128),
            new DaktiloSingleAppender(Durability.ASYNC, 128, DEFAULT_SEGMENT, false),
            Target.NONE.withMinRate(3_000_000, "3M rec/s")),
        new Comparison(
            "async 128 B, 1 producer, checkpointed",
            new RawBufferedAppend(128),
            checkpointedAsync(2),
            Target.NONE.withMinRate(3_000_000, "3M rec/s")),
        new Comparison(
            "async 128 B, 1 producer, checkpointed: recycling off vs on",
            checkpointedAsync(0),
            checkpointedAsync(2),
            Target.NONE),
        new Comparison(
            "async 128 B, 1 producer, vs Chronicle Queue",
            new ChronicleQueueAppender(128),
            new DaktiloSingleAppender(Durability.ASYNC, 128, DEFAULT_SEGMENT, false),
            Target.ratio(1.0).withMinRate(3_000_000, "3M rec/s")),
        new Comparison(
            "1 MiB durable, 1 producer",
            new RawForcePerRecord(MIB, true),
            durableMib(Preallocation.AUTO, 0),
            Target.ratio(0.70)),
        new Comparison(
            "1 MiB durable, 1 producer, checkpointed",
            new RawForcePerRecord(MIB, true),
            durableMib(Preallocation.AUTO, MIB_CHECKPOINT_EVERY),
            Target.ratio(0.70)),
        new Comparison(
            "1 MiB durable: zero-fill vs auto",
            durableMib(Preallocation.ZERO_FILL, 0),
            durableMib(Preallocation.AUTO, 0),
            Target.NONE),
        new Comparison(
            "strict 4 KiB: zero-fill vs fallocate only",
            strict4k(Preallocation.ZERO_FILL),
            strict4k(Preallocation.FALLOCATE),
            Target.NONE),
        new Comparison(
            "strict 4 KiB: zero-fill vs auto",
            strict4k(Preallocation.ZERO_FILL),
            strict4k(Preallocation.AUTO),
            Target.NONE),
        new Comparison(
            "batch 140 B, 256 vthreads: zero-fill vs fallocate only",
            batch(256, Preallocation.ZERO_FILL),
            batch(256, Preallocation.FALLOCATE),
            Target.NONE),
        new Comparison(
            "batch 140 B, 256 vthreads: zero-fill vs auto",
            batch(256, Preallocation.ZERO_FILL),
            batch(256, Preallocation.AUTO),
            Target.NONE),
        new Comparison(
            "recovery " + options.recoveryRecords() / 1000 + "k x 140 B",
            new RawFramedScan(options.recoveryRecords(), SMALL),
            new DaktiloRecovery(options.recoveryRecords(), SMALL),
            Target.ratio(0.50)),
        new Comparison(
            "random read, compressed 64 KiB blocks",
            new RawCompressedBlockRead(COMPRESSED_RECORDS, SMALL, 64 * 1024),
            new DaktiloCompressedRead(COMPRESSED_RECORDS, SMALL, 64 * 1024),
            Target.p50Within(1.3)),
        new Comparison(
            "compression cost: batch 16 vthreads, off vs on",
            new DaktiloConcurrentAppenders(16, SMALL, true, smallSegments(false)),
            new DaktiloConcurrentAppenders(16, SMALL, true, smallSegments(true)),
            Target.ratio(0.85)));
  }

  /** ASYNC 128-byte appends by a producer that checkpoints and compacts as it goes. */
  private static DaktiloSingleAppender checkpointedAsync(int recycledSegments) {
    return new DaktiloSingleAppender(
        Durability.ASYNC,
        128,
        DEFAULT_SEGMENT,
        false,
        ASYNC_CHECKPOINT_EVERY,
        recycledSegments,
        Preallocation.SPARSE);
  }

  /**
   * STRICT 1 MiB appends with the given preallocation; {@code checkpointEvery} 0 (the log grows) or
   * as in {@link #checkpointedAsync}.
   */
  private static DaktiloSingleAppender durableMib(
      Preallocation preallocation, long checkpointEvery) {
    return new DaktiloSingleAppender(
        Durability.STRICT,
        MIB,
        DEFAULT_SEGMENT,
        true,
        checkpointEvery,
        DaktiloOptions.defaults().recycledSegments(),
        preallocation);
  }

  /** STRICT 4 KiB appends on a growing log with the given preallocation. */
  private static DaktiloSingleAppender strict4k(Preallocation preallocation) {
    return new DaktiloSingleAppender(
        Durability.STRICT,
        4096,
        DEFAULT_SEGMENT,
        false,
        0,
        DaktiloOptions.defaults().recycledSegments(),
        preallocation);
  }

  /** BATCH appends by {@code producers} virtual threads with the given preallocation. */
  private static DaktiloConcurrentAppenders batch(int producers, Preallocation preallocation) {
    return new DaktiloConcurrentAppenders(
        producers,
        SMALL,
        false,
        DaktiloOptions.defaults()
            .withDurability(Durability.BATCH)
            .withPreallocation(preallocation));
  }

  /**
   * BATCH, 128 KiB segments (at this machine's durable rates a few MiB are written per run, so
   * segments must be small for several to be sealed and compressed during it), compression on or
   * off.
   */
  private static DaktiloOptions smallSegments(boolean compression) {
    return DaktiloOptions.defaults()
        .withDurability(Durability.BATCH)
        .withSegmentSize(128L << 10)
        .withCompression(compression);
  }

  private DaktiloComparisons() {}
}
