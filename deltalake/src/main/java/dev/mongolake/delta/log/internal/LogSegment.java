package dev.mongolake.delta.log.internal;

import java.util.List;

/**
 * The files that reconstruct one version: an optional checkpoint (all of its parts) and the
 * contiguous commits after it, up to and including {@code version}.
 *
 * @param checkpoint the checkpoint's files (several for a multi-part checkpoint), or empty
 * @param commits the commit files after the checkpoint in ascending version order
 */
public record LogSegment(
    String logPrefix,
    long version,
    long checkpointVersion,
    List<LogFile> checkpoint,
    List<LogFile> commits) {

  public LogSegment {
    checkpoint = List.copyOf(checkpoint);
    commits = List.copyOf(commits);
  }

  public boolean hasCheckpoint() {
    return !checkpoint.isEmpty();
  }
}
