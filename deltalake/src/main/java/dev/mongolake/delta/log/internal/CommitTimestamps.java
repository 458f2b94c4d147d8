package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Metadata;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Commit timestamps by the rules of {@link CommitTimeline} (in-commit timestamps from the
 * enablement version on, else file times made strictly increasing), computed only for the versions
 * asked: a search over a long log reads a few commit files instead of all of them. The timestamps
 * increase with the version, so callers may binary-search them.
 */
public final class CommitTimestamps {
  private final TableLog log;
  private final TreeMap<Long, LogFile> commits = new TreeMap<>();
  private final Map<Long, Long> fileTimes = new HashMap<>();
  private final long ictSince;

  /**
   * @param listing the log's files as listed (commits among them, in version order)
   * @param ictSupported whether the protocol supports the {@code inCommitTimestamp} feature
   */
  public CommitTimestamps(
      TableLog log, List<LogFile> listing, Metadata latestMetadata, boolean ictSupported) {
    this.log = log;
    boolean ict =
        ictSupported
            && "true"
                .equalsIgnoreCase(
                    latestMetadata.configuration().get("delta.enableInCommitTimestamps"));
    String since = latestMetadata.configuration().get("delta.inCommitTimestampEnablementVersion");
    this.ictSince = ict ? parseOrZero(since) : Long.MAX_VALUE;
    long previous = Long.MIN_VALUE;
    for (LogFile file : listing) {
      if (file.kind() != LogFile.Kind.COMMIT) {
        continue;
      }
      commits.put(file.version(), file);
      long time = file.entry().modificationTime();
      long adjusted = previous != Long.MIN_VALUE && time <= previous ? previous + 1 : time;
      fileTimes.put(file.version(), adjusted);
      previous = adjusted;
    }
  }

  /** The timestamp of the oldest listed commit at or after {@code version}, if there is one. */
  public OptionalLong firstAtOrAfter(long version) {
    Map.Entry<Long, LogFile> commit = commits.ceilingEntry(version);
    if (commit == null) {
      return OptionalLong.empty();
    }
    if (commit.getKey() >= ictSince) {
      Optional<Long> stamp =
          log.commitInfo(commit.getValue()).flatMap(CommitInfo::inCommitTimestamp);
      if (stamp.isPresent()) {
        return OptionalLong.of(stamp.get());
      }
    }
    return OptionalLong.of(fileTimes.get(commit.getKey()));
  }

  private static long parseOrZero(String value) {
    try {
      return value == null ? 0 : Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
