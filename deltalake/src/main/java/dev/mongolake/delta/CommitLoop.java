package dev.mongolake.delta;

import dev.mongolake.delta.exceptions.AppendOnlyViolationException;
import dev.mongolake.delta.exceptions.CommitStateUnknownException;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.exceptions.TableAlreadyExistsException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.CommitInfo;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.internal.ConflictChecker;
import dev.mongolake.delta.log.internal.LogFile;
import dev.mongolake.delta.log.internal.TableLog;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one transaction: version N+1 with {@code writeIfAbsent}; on a lost race reads the winning
 * commits, applies the conflict rules and tries the next version; on a storage error reads the log
 * entry back to learn whether the write took effect (by the commit's unique {@code txnId}).
 */
final class CommitLoop {
  private static final Logger LOG = LoggerFactory.getLogger(CommitLoop.class);
  private static final int READ_BACK_ATTEMPTS = 3;

  private final DeltaTable table;
  private final Transaction txn;
  private final TableLog log;
  private final Storage storage;
  private final String txnId = UUID.randomUUID().toString();

  CommitLoop(DeltaTable table, Transaction txn) {
    this.table = table;
    this.txn = txn;
    this.log = table.log();
    this.storage = log.storage();
  }

  CommitResult run() {
    Snapshot base = txn.readSnapshot();
    Protocol protocol = txn.newProtocol() != null ? txn.newProtocol() : base.protocol();
    Metadata metadata = txn.newMetadata() != null ? txn.newMetadata() : base.metadata();
    if (base != null) {
      TableFeatures.checkWritable(table.tablePath(), base.protocol(), base.metadata());
    }
    TableFeatures.checkWritable(table.tablePath(), protocol, metadata);
    checkAppendOnly(base, protocol, metadata);
    if (base != null && alreadyApplied(base)) {
      return new CommitResult(base.version(), CommitResult.Status.ALREADY_COMMITTED, 0);
    }
    boolean ict = ictEnabled(protocol, metadata);
    long version = base == null ? 0 : base.version() + 1;
    boolean enablingIct = ict && base != null && !ictEnabled(base.protocol(), base.metadata());
    OptionalLong previousIct = OptionalLong.empty();
    if (enablingIct) {
      // The enabling commit's timestamp must follow the previous commit's file time.
      previousIct =
          asOptional(
              log.storage().stat(log.commitPath(base.version())).map(f -> f.modificationTime()));
    } else if (ict && base != null) {
      previousIct =
          asOptional(log.commitInfoAt(base.version()).flatMap(CommitInfo::inCommitTimestamp));
    }
    ConflictChecker checker = txn.conflictChecker();
    int maxAttempts = table.options().maxCommitAttempts();
    for (int attempt = 1; attempt <= maxAttempts; attempt++) {
      OptionalLong stamp = ict ? OptionalLong.of(nextIct(previousIct)) : OptionalLong.empty();
      byte[] content = encode(stamp, enablingIct ? version : -1);
      if (write(log.commitPath(version), content)) {
        afterCommit(version);
        return new CommitResult(version, CommitResult.Status.COMMITTED, attempt);
      }
      if (version == 0) {
        throw new TableAlreadyExistsException(
            "Cannot create table " + table.tablePath() + ": version 0 already exists");
      }
      // Lost the race: every commit from `version` on was written by someone else.
      long next = version;
      for (LogFile winner : log.segments().list(version)) {
        if (winner.kind() != LogFile.Kind.COMMIT || winner.version() != next) {
          continue;
        }
        List<Action> actions = log.commit(winner);
        checker.check(winner.version(), actions);
        if (ict) {
          Optional<Long> winnerStamp =
              actions.stream()
                  .filter(CommitInfo.class::isInstance)
                  .map(CommitInfo.class::cast)
                  .findFirst()
                  .flatMap(CommitInfo::inCommitTimestamp);
          if (enablingIct && winnerStamp.isEmpty()) {
            winnerStamp = Optional.of(winner.entry().modificationTime());
          }
          previousIct = asOptional(winnerStamp);
        }
        next++;
      }
      version = Math.max(next, version + 1);
      backoff(attempt);
    }
    throw new DeltaException(
        "Cannot commit to "
            + table.tablePath()
            + ": lost the race for "
            + maxAttempts
            + " versions in a row");
  }

  private boolean alreadyApplied(Snapshot base) {
    if (txn.transactions().isEmpty()) {
      return false;
    }
    return txn.transactions().values().stream()
        .allMatch(
            t -> {
              OptionalLong recorded = base.transactionVersion(t.appId());
              return recorded.isPresent() && recorded.getAsLong() >= t.version();
            });
  }

  private void checkAppendOnly(Snapshot base, Protocol protocol, Metadata metadata) {
    boolean appendOnly =
        "true".equalsIgnoreCase(metadata.configuration().get("delta.appendOnly"))
            && TableFeatures.supportsWriterFeature(protocol, "appendOnly");
    if (!appendOnly) {
      return;
    }
    for (RemoveFile remove : txn.removes()) {
      if (remove.dataChange()) {
        throw new AppendOnlyViolationException(
            "Cannot remove file "
                + remove.path()
                + " from "
                + table.tablePath()
                + ": the table is append-only (delta.appendOnly=true)");
      }
    }
  }

  private long nextIct(OptionalLong previous) {
    long now = table.options().clock().millis();
    return previous.isPresent() ? Math.max(now, previous.getAsLong() + 1) : now;
  }

  private static boolean ictEnabled(Protocol protocol, Metadata metadata) {
    return "true".equalsIgnoreCase(metadata.configuration().get("delta.enableInCommitTimestamps"))
        && TableFeatures.supportsWriterFeature(protocol, "inCommitTimestamp");
  }

  /**
   * The commit's bytes. When this commit enables in-commit timestamps on an existing table ({@code
   * enablementVersion >= 0}), its metadata records the enablement version and timestamp, as the
   * protocol requires for tables with earlier commits.
   */
  private byte[] encode(OptionalLong inCommitTimestamp, long enablementVersion) {
    Map<String, Object> info = new LinkedHashMap<>();
    inCommitTimestamp.ifPresent(t -> info.put("inCommitTimestamp", t));
    info.put("timestamp", table.options().clock().millis());
    info.put("operation", txn.operationName());
    info.put("operationParameters", txn.operationParameters());
    boolean blindAppend =
        txn.removes().isEmpty() && txn.newMetadata() == null && !txn.adds().isEmpty();
    info.put("isBlindAppend", blindAppend);
    info.put("engineInfo", "MongoLake");
    info.put("txnId", txnId);
    List<Action> actions = new ArrayList<>();
    actions.add(new CommitInfo(info));
    for (Action action : txn.bodyActions()) {
      if (action instanceof Metadata m && enablementVersion >= 0) {
        Map<String, String> configuration = new LinkedHashMap<>(m.configuration());
        configuration.put(
            "delta.inCommitTimestampEnablementVersion", Long.toString(enablementVersion));
        configuration.put(
            "delta.inCommitTimestampEnablementTimestamp",
            Long.toString(inCommitTimestamp.orElseThrow()));
        actions.add(m.withConfiguration(configuration));
      } else {
        actions.add(action);
      }
    }
    return ActionCodec.encode(actions);
  }

  /** Writes if absent; on a storage error reads back to decide. True when our commit is there. */
  private boolean write(String path, byte[] content) {
    StorageException failure;
    try {
      return storage.writeIfAbsent(path, content);
    } catch (StorageException e) {
      failure = e;
    }
    for (int i = 0; i < READ_BACK_ATTEMPTS; i++) {
      try {
        if (storage.stat(path).isEmpty()) {
          return storage.writeIfAbsent(path, content);
        }
        Optional<String> writer =
            ActionCodec.parse(storage.read(path), path).stream()
                .filter(CommitInfo.class::isInstance)
                .map(CommitInfo.class::cast)
                .findFirst()
                .flatMap(CommitInfo::txnId);
        return writer.isPresent() && writer.get().equals(txnId);
      } catch (StorageException e) {
        failure = e;
      }
    }
    throw new CommitStateUnknownException(
        "Cannot tell whether "
            + path
            + " was committed: storage failed ("
            + failure.getMessage()
            + ") and the log could not be read back; re-read the table before retrying");
  }

  private void afterCommit(long version) {
    try {
      Snapshot snapshot = table.snapshot();
      long interval = checkpointInterval(snapshot.metadata());
      if (table.options().checkpoints()
          && version > 0
          && version % interval == 0
          && snapshot.version() >= version) {
        table.checkpoint(table.snapshotAt(version));
      }
    } catch (RuntimeException e) {
      // The commit is durable; a missing checkpoint or stale cache only costs later reads.
      LOG.warn(
          "Committed version {} of {} but post-commit work failed: {}",
          version,
          table.tablePath(),
          e.toString());
    }
    for (CommitListener listener : table.options().commitListeners()) {
      try {
        listener.committed(table, version);
      } catch (RuntimeException e) {
        // The commit is durable; the listener catches up on a later version.
        LOG.warn(
            "Committed version {} of {} but commit listener {} failed: {}",
            version,
            table.tablePath(),
            listener,
            e.toString());
      }
    }
  }

  static long checkpointInterval(Metadata metadata) {
    String value = metadata.configuration().get("delta.checkpointInterval");
    try {
      long interval = value == null ? 10 : Long.parseLong(value.trim());
      return interval > 0 ? interval : 10;
    } catch (NumberFormatException e) {
      return 10;
    }
  }

  private void backoff(int attempt) {
    long capMillis = Math.max(1, table.options().maxBackoff().toMillis());
    long ceiling = Math.min(capMillis, 1L << Math.min(attempt, 10));
    LockSupport.parkNanos(
        TimeUnit.MILLISECONDS.toNanos(ThreadLocalRandom.current().nextLong(ceiling + 1)));
  }

  private static OptionalLong asOptional(Optional<Long> value) {
    return value.map(OptionalLong::of).orElse(OptionalLong.empty());
  }
}
