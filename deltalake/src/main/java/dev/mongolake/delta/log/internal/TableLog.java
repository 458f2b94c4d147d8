package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.storage.Storage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Read access to one table's {@code _delta_log}: segments, commit contents (cached: commit files
 * are immutable), checkpoints, and the two replay phases (protocol and metadata first, file state
 * on demand). Thread-safe.
 */
public final class TableLog {
  private static final int CACHED_COMMITS = 512;

  private final Storage storage;
  private final String tablePath;
  private final String logPrefix;
  private final CheckpointReader checkpoints;
  private final Map<String, List<Action>> commitCache =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<Action>> eldest) {
          return size() > CACHED_COMMITS;
        }
      };

  public TableLog(Storage storage, String tablePath) {
    this.storage = storage;
    this.tablePath = tablePath;
    this.logPrefix = tablePath.isEmpty() ? "_delta_log/" : tablePath + "/_delta_log/";
    this.checkpoints = new CheckpointReader(storage, logPrefix);
  }

  public Storage storage() {
    return storage;
  }

  public String tablePath() {
    return tablePath;
  }

  public String logPrefix() {
    return logPrefix;
  }

  public String commitPath(long version) {
    return logPrefix + LogFile.commitName(version);
  }

  public LogSegmentBuilder segments() {
    return new LogSegmentBuilder(storage, logPrefix);
  }

  /** The actions of a commit file. */
  public List<Action> commit(LogFile file) {
    synchronized (commitCache) {
      List<Action> cached = commitCache.get(file.path());
      if (cached != null) {
        return cached;
      }
    }
    List<Action> actions = List.copyOf(ActionCodec.parse(storage.read(file.path()), file.path()));
    synchronized (commitCache) {
      commitCache.put(file.path(), actions);
    }
    return actions;
  }

  /** The commitInfo of a commit file, if it has one. */
  public Optional<CommitInfo> commitInfo(LogFile file) {
    return commit(file).stream()
        .filter(CommitInfo.class::isInstance)
        .map(CommitInfo.class::cast)
        .findFirst();
  }

  /** The commitInfo of the commit at {@code version}, if that commit file exists and has one. */
  public Optional<CommitInfo> commitInfoAt(long version) {
    String path = commitPath(version);
    return storage
        .stat(path)
        .flatMap(entry -> commitInfo(new LogFile(entry, LogFile.Kind.COMMIT, version, 1, 1)));
  }

  /** The protocol and metadata of the segment's version, reading as little as possible. */
  public ProtocolAndMetadata protocolAndMetadata(LogSegment segment) {
    Protocol protocol = null;
    Metadata metadata = null;
    List<LogFile> commits = segment.commits();
    for (int i = commits.size() - 1; i >= 0 && (protocol == null || metadata == null); i--) {
      for (Action action : commit(commits.get(i))) {
        if (protocol == null && action instanceof Protocol p) {
          protocol = p;
        } else if (metadata == null && action instanceof Metadata m) {
          metadata = m;
        }
      }
    }
    if ((protocol == null || metadata == null) && segment.hasCheckpoint()) {
      for (Action action : checkpoints.readNonFileActions(segment.checkpoint())) {
        if (protocol == null && action instanceof Protocol p) {
          protocol = p;
        } else if (metadata == null && action instanceof Metadata m) {
          metadata = m;
        }
      }
    }
    if (protocol == null) {
      throw new DeltaException(
          "Cannot load version " + segment.version() + " of " + tablePath + ": no protocol action");
    }
    if (metadata == null) {
      throw new DeltaException(
          "Cannot load version " + segment.version() + " of " + tablePath + ": no metaData action");
    }
    return new ProtocolAndMetadata(protocol, metadata);
  }

  /** Replays the whole segment into its file-level state. */
  public TableState replay(LogSegment segment) {
    ActionReplay replay = new ActionReplay();
    if (segment.hasCheckpoint()) {
      replay.apply(checkpoints.readAll(segment.checkpoint()));
    }
    for (LogFile commit : segment.commits()) {
      replay.apply(commit(commit));
    }
    return replay.state();
  }

  /** Continues a state with later commits. */
  public TableState replayFrom(TableState base, List<LogFile> laterCommits) {
    ActionReplay replay = new ActionReplay();
    replay.seed(base);
    for (LogFile commit : laterCommits) {
      replay.apply(commit(commit));
    }
    return replay.state();
  }

  /** Reads every action of a checkpoint (used when writing a new one is not cheaper). */
  public List<Action> checkpointActions(LogSegment segment) {
    return checkpoints.readAll(segment.checkpoint());
  }
}
