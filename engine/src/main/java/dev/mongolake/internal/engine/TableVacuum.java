package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.VacuumOptions;
import dev.mongolake.delta.VacuumResult;
import java.time.Duration;
import java.util.List;

/**
 * Deletes the data files of collections' tables that no current version lists and that have been
 * unreferenced for longer than the retention (Delta's {@code VACUUM}). Files the snapshots of open
 * readers list are kept whatever their age, so that a cursor never loses a file under it, and so
 * are the files branches' tables reference (a branch begins with its parent's files). Runs under
 * the flush lock: no commit adds a file while the table's folder is listed, which would otherwise
 * make a just-written file look like an orphan.
 *
 * <p>Thread-safe.
 */
public final class TableVacuum {

  private final CollectionRegistry collections;
  private final TableFlusher flusher;
  private final ReaderPins pins;
  private final Duration retention;
  private final java.util.function.Supplier<java.util.Set<String>> branchFiles;

  /**
   * @param branchFiles the files branches' tables may read, wherever they are (see {@link
   *     Branches#filesInUse}): kept whatever their age
   */
  TableVacuum(
      CollectionRegistry collections,
      TableFlusher flusher,
      ReaderPins pins,
      Duration retention,
      java.util.function.Supplier<java.util.Set<String>> branchFiles) {
    this.branchFiles = branchFiles;
    this.collections = collections;
    this.flusher = flusher;
    this.pins = pins;
    this.retention = retention;
  }

  /** The lake's retention: what {@link #vacuum} uses when asked for none. */
  public Duration retention() {
    return retention;
  }

  /**
   * The retention of {@code namespace}: its {@code mongolake.vacuumRetentionHours} option, else the
   * lake's.
   */
  public Duration retentionOf(Namespace namespace) {
    CollectionState state = collections.get(namespace);
    return state == null
        ? retention
        : LakeCollectionOptions.vacuumRetention(state.options()).orElse(retention);
  }

  /**
   * Vacuums the table of {@code namespace}: deletes (or, when {@code dryRun}, lists) its files
   * unreferenced for longer than {@code requested} (the collection's retention when {@code null}:
   * see {@link #retentionOf}). A collection without a table yet has nothing to delete.
   *
   * @param force allow a retention shorter than the collection's, which also shortens how far back
   *     the table's history can be read (Delta's {@code retentionDurationCheck})
   * @throws MongoLakeException {@link ErrorCode#BAD_VALUE} for a negative retention, {@link
   *     ErrorCode#INVALID_OPTIONS} for one shorter than the lake's without {@code force}
   */
  public VacuumResult vacuum(
      Namespace namespace, Duration requested, boolean dryRun, boolean force) {
    return vacuum(namespace, requested, dryRun, force, branchFiles.get());
  }

  private VacuumResult vacuum(
      Namespace namespace,
      Duration requested,
      boolean dryRun,
      boolean force,
      java.util.Set<String> filesBranchesUse) {
    Duration configured = retentionOf(namespace);
    Duration effective = requested == null ? configured : requested;
    if (effective.isNegative()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE,
          "Cannot vacuum " + namespace.fullName() + ": retention " + effective + " is negative");
    }
    if (effective.compareTo(configured) < 0 && !force) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Cannot vacuum "
              + namespace.fullName()
              + " with retention "
              + effective
              + ": it is shorter than the configured retention of "
              + configured
              + ", which bounds how far back history reaches; set force to override");
    }
    // The engine's own check replaces the library's fixed 7-day one: open readers are protected
    // by their pins, and the configured retention is the history the user asked to keep.
    VacuumOptions options = new VacuumOptions(effective, dryRun, true);
    return flusher.exclusively(
        () -> {
          CollectionState state = collections.get(namespace);
          if (state == null || state.table() == null) {
            return new VacuumResult(List.of(), 0, dryRun);
          }
          java.util.Set<String> inUse = new java.util.HashSet<>(pins.filesInUse());
          inUse.addAll(filesBranchesUse);
          return state.table().delta().vacuum(options, inUse);
        });
  }

  /** Vacuums every collection's table with its retention; returns the bytes deleted. */
  public long vacuumAll() {
    long bytes = 0;
    // Read once: listing what the branches' tables use opens their snapshots.
    java.util.Set<String> filesBranchesUse = branchFiles.get();
    for (CollectionState state : collections.all()) {
      bytes += vacuum(state.namespace(), null, false, false, filesBranchesUse).bytes();
    }
    return bytes;
  }
}
