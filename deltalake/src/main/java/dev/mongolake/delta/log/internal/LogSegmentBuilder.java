package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.exceptions.TableNotFoundException;
import dev.mongolake.delta.exceptions.VersionNotFoundException;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Finds the log segment for a version: the newest complete checkpoint not after it (the {@code
 * _last_checkpoint} hint narrows the listing, the listing verifies it) plus the contiguous commits
 * after that checkpoint. Gaps in the commits are an error.
 */
public final class LogSegmentBuilder {
  private final Storage storage;
  private final String logPrefix;

  public LogSegmentBuilder(Storage storage, String logPrefix) {
    this.storage = storage;
    this.logPrefix = logPrefix;
  }

  /**
   * The segment for {@code targetVersion}, or for the latest version when empty.
   *
   * @throws TableNotFoundException if the log has no commit and no checkpoint
   * @throws VersionNotFoundException if the version is not reconstructable
   * @throws DeltaException if the commits after the checkpoint are not contiguous
   */
  public LogSegment build(OptionalLong targetVersion) {
    Optional<LastCheckpoint> hint = LastCheckpoint.read(storage, logPrefix);
    if (hint.isPresent()
        && (targetVersion.isEmpty() || hint.get().version() <= targetVersion.getAsLong())) {
      long start = hint.get().version();
      List<LogFile> files = list(start);
      Optional<LogSegment> segment = assemble(files, targetVersion, start);
      if (segment.isPresent()) {
        return segment.get();
      }
    }
    List<LogFile> files = list(-1);
    return assemble(files, targetVersion, -1)
        .orElseThrow(() -> new IllegalStateException("assemble without a start always answers"));
  }

  /** Log files from {@code startVersion} (or all when negative), in listing order. */
  public List<LogFile> list(long startVersion) {
    String startAt = startVersion < 0 ? logPrefix : logPrefix + LogFile.versionPrefix(startVersion);
    List<LogFile> files = new ArrayList<>();
    for (FileEntry entry : storage.list(logPrefix, startAt)) {
      LogFile.parse(entry, logPrefix).ifPresent(files::add);
    }
    return files;
  }

  /**
   * Builds the segment from a listing. With a hint start, answers empty when the listing does not
   * contain a usable checkpoint at or after the hint (the caller then lists everything).
   */
  private Optional<LogSegment> assemble(
      List<LogFile> files, OptionalLong targetVersion, long hintStart) {
    TreeMap<Long, LogFile> commits = new TreeMap<>();
    TreeMap<Long, List<LogFile>> checkpoints = new TreeMap<>();
    Map<String, List<LogFile>> multiParts = new HashMap<>();
    for (LogFile file : files) {
      if (targetVersion.isPresent() && file.version() > targetVersion.getAsLong()) {
        continue;
      }
      switch (file.kind()) {
        case COMMIT -> commits.put(file.version(), file);
        case CLASSIC_CHECKPOINT, UUID_CHECKPOINT ->
            checkpoints.putIfAbsent(file.version(), List.of(file));
        case MULTI_PART_CHECKPOINT ->
            multiParts
                .computeIfAbsent(file.version() + "/" + file.parts(), k -> new ArrayList<>())
                .add(file);
      }
    }
    for (List<LogFile> parts : multiParts.values()) {
      LogFile first = parts.getFirst();
      long distinct = parts.stream().mapToInt(LogFile::part).distinct().count();
      if (distinct == first.parts()) {
        List<LogFile> sorted =
            parts.stream().sorted((a, b) -> Integer.compare(a.part(), b.part())).toList();
        checkpoints.putIfAbsent(first.version(), sorted);
      }
    }
    if (commits.isEmpty() && checkpoints.isEmpty()) {
      if (hintStart >= 0) {
        return Optional.empty();
      }
      if (targetVersion.isPresent() && !list(-1).isEmpty()) {
        throw new VersionNotFoundException(
            "Cannot load version " + targetVersion.getAsLong() + ": the log has no such version");
      }
      throw new TableNotFoundException(
          "Cannot load table at " + logPrefix + ": the log has no commit or checkpoint");
    }
    long latest =
        Math.max(
            commits.isEmpty() ? -1 : commits.lastKey(),
            checkpoints.isEmpty() ? -1 : checkpoints.lastKey());
    long version = targetVersion.orElse(latest);
    if (version > latest) {
      throw new VersionNotFoundException(
          "Cannot load version " + version + ": the latest version is " + latest);
    }
    Map.Entry<Long, List<LogFile>> checkpoint = checkpoints.floorEntry(version);
    if (checkpoint == null && hintStart >= 0) {
      return Optional.empty();
    }
    long checkpointVersion = checkpoint == null ? -1 : checkpoint.getKey();
    List<LogFile> segmentCommits = new ArrayList<>();
    long expected = checkpointVersion + 1;
    for (LogFile commit : commits.subMap(checkpointVersion, false, version, true).values()) {
      if (commit.version() != expected) {
        throw new DeltaException(
            "Cannot load version "
                + version
                + ": the log is not contiguous, version "
                + expected
                + " is missing");
      }
      segmentCommits.add(commit);
      expected++;
    }
    if (expected <= version) {
      if (checkpointVersion < 0 && commits.isEmpty()) {
        throw new VersionNotFoundException(
            "Cannot load version " + version + ": the log has no commit for it");
      }
      throw new DeltaException(
          "Cannot load version "
              + version
              + ": the log is not contiguous, version "
              + expected
              + " is missing");
    }
    return Optional.of(
        new LogSegment(
            logPrefix,
            version,
            checkpointVersion,
            checkpoint == null ? List.of() : checkpoint.getValue(),
            segmentCommits));
  }
}
