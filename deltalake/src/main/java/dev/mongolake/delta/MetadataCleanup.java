package dev.mongolake.delta;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.Sidecar;
import dev.mongolake.delta.log.internal.CheckpointReader;
import dev.mongolake.delta.log.internal.CommitTimestamps;
import dev.mongolake.delta.log.internal.LogFile;
import dev.mongolake.delta.log.internal.TableLog;
import dev.mongolake.delta.storage.FileEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Deletes expired {@code _delta_log} entries as the protocol's "Metadata Cleanup" section
 * describes:
 *
 * <ol>
 *   <li>the cut-off is midnight UTC of the day {@code delta.logRetentionDuration} (30 days by
 *       default) before now; the cut-off commit is the newest commit whose timestamp (in-commit
 *       timestamp, else adjusted file time, as time travel uses) is not after it;
 *   <li>the cut-off checkpoint is the newest complete checkpoint at or before the cut-off commit:
 *       it and every commit from its version on are kept, so every version from the cut-off commit
 *       on can still be reconstructed (and the commit at the checkpoint's version keeps its
 *       commitInfo);
 *   <li>commits, checkpoints and version checksum files of older versions are deleted, oldest
 *       first, and so are log compactions that start at or before the checkpoint;
 *   <li>files in {@code _delta_log/_sidecars} that no remaining checkpoint references are deleted,
 *       unless they were written after midnight UTC of yesterday (they may belong to a checkpoint
 *       still being written).
 * </ol>
 *
 * <p>Nothing is deleted when {@code delta.enableExpiredLogCleanup} is {@code false} or no complete
 * checkpoint is old enough.
 */
final class MetadataCleanup {
  private static final Pattern CHECKSUM = Pattern.compile("(\\d{20})\\.crc");
  private static final Pattern COMPACTION =
      Pattern.compile("(\\d{20})\\.(\\d{20})\\.compacted\\.json");

  private static final String SIDECARS = "_sidecars/";

  private final TableLog log;
  private final Clock clock;

  MetadataCleanup(TableLog log, Clock clock) {
    this.log = log;
    this.clock = clock;
  }

  /**
   * Deletes what the latest snapshot's settings let expire.
   *
   * @return the deleted storage paths, oldest version first
   */
  List<String> run(Snapshot latest) {
    if ("false"
        .equalsIgnoreCase(latest.metadata().configuration().get("delta.enableExpiredLogCleanup"))) {
      return List.of();
    }
    Duration retention = TableRetention.logRetention(latest.metadata());
    long cutOff =
        Instant.ofEpochMilli(clock.millis())
            .minus(retention)
            .truncatedTo(ChronoUnit.DAYS)
            .toEpochMilli();
    List<LogFile> files = log.segments().list(-1);
    List<Long> checkpoints = completeCheckpoints(files);
    CommitTimestamps timestamps =
        new CommitTimestamps(
            log,
            files,
            latest.metadata(),
            TableFeatures.supportsWriterFeature(latest.protocol(), "inCommitTimestamp"));
    // The cut-off checkpoint is at or before the cut-off commit exactly when the first commit from
    // its version on is not after the cut-off; timestamps grow with versions, so binary-search.
    long cutOffCheckpoint = -1;
    int low = 0;
    int high = checkpoints.size() - 1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      OptionalLong time = timestamps.firstAtOrAfter(checkpoints.get(middle));
      if (time.isPresent() && time.getAsLong() <= cutOff) {
        cutOffCheckpoint = checkpoints.get(middle);
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (cutOffCheckpoint < 0) {
      return List.of();
    }
    List<String> deleted = new ArrayList<>(deleteBefore(files, cutOffCheckpoint));
    deleted.addAll(deleteUnreferencedSidecars());
    return deleted;
  }

  /** Versions of the complete checkpoints (every part of a multi-part one listed), ascending. */
  private static List<Long> completeCheckpoints(List<LogFile> files) {
    TreeSet<Long> complete = new TreeSet<>();
    Map<String, Set<Integer>> partsSeen = new HashMap<>();
    for (LogFile file : files) {
      if (!file.isCheckpoint()) {
        continue;
      }
      if (file.kind() != LogFile.Kind.MULTI_PART_CHECKPOINT) {
        complete.add(file.version());
        continue;
      }
      Set<Integer> parts =
          partsSeen.computeIfAbsent(file.version() + "/" + file.parts(), k -> new TreeSet<>());
      parts.add(file.part());
      if (parts.size() == file.parts()) {
        complete.add(file.version());
      }
    }
    return List.copyOf(complete);
  }

  private List<String> deleteUnreferencedSidecars() {
    String sidecarPrefix = log.logPrefix() + SIDECARS;
    List<FileEntry> sidecars = log.storage().list(sidecarPrefix, sidecarPrefix);
    if (sidecars.isEmpty()) {
      return List.of();
    }
    long inProgressSince =
        Instant.ofEpochMilli(clock.millis())
            .minus(Duration.ofDays(1))
            .truncatedTo(ChronoUnit.DAYS)
            .toEpochMilli();
    Set<String> referenced = new HashSet<>();
    CheckpointReader reader = new CheckpointReader(log.storage(), log.logPrefix());
    for (LogFile file : log.segments().list(-1)) {
      if (!file.isCheckpoint()) {
        continue;
      }
      for (Action action : reader.readNonFileActions(List.of(file))) {
        if (action instanceof Sidecar sidecar) {
          referenced.add(sidecarPrefix + FilePaths.decode(sidecar.path()));
        }
      }
    }
    List<String> deleted = new ArrayList<>();
    for (FileEntry sidecar : sidecars) {
      if (!referenced.contains(sidecar.path())
          && sidecar.modificationTime() < inProgressSince
          && log.storage().delete(sidecar.path())) {
        deleted.add(sidecar.path());
      }
    }
    return deleted;
  }

  private List<String> deleteBefore(List<LogFile> logFiles, long checkpointVersion) {
    List<String> expired = new ArrayList<>();
    for (LogFile file : logFiles) {
      if (file.version() < checkpointVersion) {
        expired.add(file.path());
      }
    }
    String prefix = log.logPrefix();
    for (FileEntry entry : log.storage().list(prefix, prefix)) {
      String name = entry.path().substring(prefix.length());
      Matcher checksum = CHECKSUM.matcher(name);
      Matcher compaction = COMPACTION.matcher(name);
      if ((checksum.matches() && Long.parseLong(checksum.group(1)) < checkpointVersion)
          || (compaction.matches() && Long.parseLong(compaction.group(1)) <= checkpointVersion)) {
        expired.add(entry.path());
      }
    }
    // Zero-padded names sort by version: deleting in name order removes the oldest first, so an
    // interrupted cleanup still leaves a log whose oldest entries are the ones to go next.
    List<String> ordered = expired.stream().sorted().collect(Collectors.toList());
    List<String> deleted = new ArrayList<>();
    for (String path : ordered) {
      if (log.storage().delete(path)) {
        deleted.add(path);
      }
    }
    return deleted;
  }
}
