package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Metadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The commit timestamps of a table's listed commits, as the protocol defines them for time travel
 * and history: the {@code inCommitTimestamp} of commits at or after {@code
 * delta.inCommitTimestampEnablementVersion} when in-commit timestamps are enabled, else the commit
 * file's modification time, adjusted to be strictly increasing (a commit whose file time is not
 * after its predecessor's counts as one millisecond after it).
 */
public final class CommitTimeline {
  /** One commit and its timestamp. */
  public record Entry(LogFile file, long timestamp, boolean inCommitTimestamp) {
    public long version() {
      return file.version();
    }
  }

  private final List<Entry> entries;
  private final long ictEnablementVersion;
  private final long ictEnablementTimestamp;

  private CommitTimeline(
      List<Entry> entries, long ictEnablementVersion, long ictEnablementTimestamp) {
    this.entries = entries;
    this.ictEnablementVersion = ictEnablementVersion;
    this.ictEnablementTimestamp = ictEnablementTimestamp;
  }

  /**
   * Builds the timeline of every commit file still in the log, using the latest metadata to learn
   * whether (and since when) in-commit timestamps are enabled.
   */
  public static CommitTimeline build(TableLog log, Metadata latestMetadata, boolean ictSupported) {
    boolean ict =
        ictSupported
            && "true"
                .equalsIgnoreCase(
                    latestMetadata.configuration().get("delta.enableInCommitTimestamps"));
    long enablementVersion =
        ict
            ? parseLong(
                latestMetadata.configuration().get("delta.inCommitTimestampEnablementVersion"), 0)
            : Long.MAX_VALUE;
    long enablementTimestamp =
        ict
            ? parseLong(
                latestMetadata.configuration().get("delta.inCommitTimestampEnablementTimestamp"),
                Long.MIN_VALUE)
            : Long.MAX_VALUE;
    List<Entry> entries = new ArrayList<>();
    long previous = Long.MIN_VALUE;
    for (LogFile file : log.segments().list(-1)) {
      if (file.kind() != LogFile.Kind.COMMIT) {
        continue;
      }
      if (file.version() >= enablementVersion) {
        Optional<Long> stamp = log.commitInfo(file).flatMap(CommitInfo::inCommitTimestamp);
        if (stamp.isPresent()) {
          entries.add(new Entry(file, stamp.get(), true));
          previous = stamp.get();
          continue;
        }
      }
      long time = file.entry().modificationTime();
      long adjusted = previous != Long.MIN_VALUE && time <= previous ? previous + 1 : time;
      entries.add(new Entry(file, adjusted, false));
      previous = adjusted;
    }
    return new CommitTimeline(entries, enablementVersion, enablementTimestamp);
  }

  private static long parseLong(String value, long fallback) {
    try {
      return value == null ? fallback : Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  public List<Entry> entries() {
    return entries;
  }

  /**
   * The newest commit whose timestamp is at or before {@code timestamp}, applying the protocol's
   * rule for tables that enabled in-commit timestamps later in their life: at or after the
   * enablement timestamp only versions from the enablement version count, before it only earlier
   * versions.
   */
  public Optional<Entry> latestAtOrBefore(long timestamp) {
    boolean onlyIct = timestamp >= ictEnablementTimestamp;
    Entry found = null;
    for (Entry entry : entries) {
      boolean isIctEra = entry.version() >= ictEnablementVersion;
      if (ictEnablementVersion != Long.MAX_VALUE && isIctEra != onlyIct) {
        continue;
      }
      if (entry.timestamp() <= timestamp) {
        found = entry;
      }
    }
    return Optional.ofNullable(found);
  }
}
