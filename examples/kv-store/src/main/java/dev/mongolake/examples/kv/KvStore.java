package dev.mongolake.examples.kv;

import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.LogEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A string key-value store whose only durable state is a daktilo write-ahead log plus an occasional
 * snapshot.
 *
 * <p>Every change is appended to the log first and applied to the in-memory map only once the log
 * acknowledged it, so an acknowledged change survives a crash. {@link #snapshot()} writes the map
 * to a file, then checkpoints the log at the snapshot's sequence and compacts the segments below
 * it: the log stays short. {@link #open} loads the snapshot and replays the log records after it.
 *
 * <p>Not thread safe: one caller at a time. Close it to close the log.
 */
public final class KvStore implements AutoCloseable {

  private static final String LOG_DIRECTORY = "wal";
  private static final String SNAPSHOT_FILE = "snapshot.bin";

  private final Daktilo log;
  private final Path snapshotFile;
  private final Map<String, String> entries;
  private long appliedSequence;
  private final long snapshotSequence;
  private final long replayedRecords;

  private KvStore(Daktilo log, Path snapshotFile, KvSnapshot snapshot) {
    this.log = log;
    this.snapshotFile = snapshotFile;
    this.entries = new TreeMap<>(snapshot.entries());
    this.appliedSequence = snapshot.lastSequence();
    this.snapshotSequence = snapshot.lastSequence();
    this.replayedRecords = replay();
  }

  /**
   * Opens the store kept in {@code dir} (created when missing) with the log's default options and
   * the given durability. See {@link #open(Path, DaktiloOptions)}.
   */
  public static KvStore open(Path dir, Durability durability) throws IOException {
    return open(dir, DaktiloOptions.defaults().withDurability(durability));
  }

  /**
   * Opens the store kept in {@code dir} (created when missing): loads the snapshot, then replays
   * the log records after it. The log is opened with {@code logOptions}.
   *
   * @throws IllegalStateException when the log no longer holds records the snapshot lacks
   */
  public static KvStore open(Path dir, DaktiloOptions logOptions) throws IOException {
    Files.createDirectories(dir);
    Path snapshotFile = dir.resolve(SNAPSHOT_FILE);
    KvSnapshot snapshot = KvSnapshot.readFrom(snapshotFile);
    Daktilo log = Daktilo.open(dir.resolve(LOG_DIRECTORY), logOptions);
    try {
      return new KvStore(log, snapshotFile, snapshot);
    } catch (RuntimeException e) {
      log.close();
      throw e;
    }
  }

  private long replay() {
    long to = log.lastSequence();
    long first = log.firstSequence();
    if (first > appliedSequence + 1 && to > appliedSequence) {
      throw new IllegalStateException(
          "Cannot recover the store: the log starts at sequence "
              + first
              + " but the snapshot covers only up to "
              + appliedSequence);
    }
    long from = Math.max(appliedSequence + 1, first);
    if (from > to) {
      return 0;
    }
    long replayed = 0;
    try (Stream<LogEntry> records = log.range(from, to)) {
      for (LogEntry record : (Iterable<LogEntry>) records::iterator) {
        apply(record.sequence(), KvCommand.decode(record.payload()));
        replayed++;
      }
    }
    return replayed;
  }

  /** Sets {@code key} to {@code value} durably and returns the change's log sequence. */
  public long put(String key, String value) {
    return write(new KvCommand.Put(key, value));
  }

  /** Removes {@code key} durably and returns the change's log sequence. */
  public long delete(String key) {
    return write(new KvCommand.Delete(key));
  }

  private long write(KvCommand command) {
    long sequence = log.append(command.encode());
    apply(sequence, command);
    return sequence;
  }

  private void apply(long sequence, KvCommand command) {
    switch (command) {
      case KvCommand.Put(String key, String value) -> entries.put(key, value);
      case KvCommand.Delete(String key) -> entries.remove(key);
    }
    appliedSequence = sequence;
  }

  /** The value under {@code key}, if any. */
  public Optional<String> get(String key) {
    return Optional.ofNullable(entries.get(key));
  }

  /** A copy of every entry, in key order. */
  public Map<String, String> entries() {
    return new TreeMap<>(entries);
  }

  /** The sequence of the last change applied to the map (0 before the first). */
  public long appliedSequence() {
    return appliedSequence;
  }

  /** The sequence of the snapshot {@link #open} loaded (0 when there was none). */
  public long snapshotSequence() {
    return snapshotSequence;
  }

  /** How many log records {@link #open} replayed on top of the snapshot. */
  public long replayedRecords() {
    return replayedRecords;
  }

  /**
   * Writes the map to the snapshot file, then checkpoints the log at the snapshot's sequence and
   * compacts whole segments below it. Returns the snapshot's sequence.
   */
  public long snapshot() throws IOException {
    KvSnapshot snapshot = new KvSnapshot(appliedSequence, entries);
    snapshot.writeTo(snapshotFile);
    // The checkpoint comes only after the snapshot is durable: a crash in between replays more.
    if (appliedSequence > 0) {
      log.checkpoint(appliedSequence);
      log.compact();
    }
    return appliedSequence;
  }

  /** The first sequence still in the log (records before it were compacted away). */
  public long firstLogSequence() {
    return log.firstSequence();
  }

  @Override
  public void close() {
    log.close();
  }
}
