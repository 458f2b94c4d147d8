package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.exceptions.VersionNotFoundException;
import dev.mongolake.delta.iceberg.IcebergMetadata;
import dev.mongolake.delta.iceberg.IcebergMetadataException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.log.schema.StructType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.OverwriteFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SnapshotUpdate;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.Transactions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.mapping.MappingUtil;
import org.apache.iceberg.mapping.NameMappingParser;
import org.apache.iceberg.metrics.MetricsReporter;

/**
 * The Iceberg metadata of one Delta table: mirrors the Delta versions after the last one mirrored
 * up to a target, coalesced into one Iceberg snapshot whose summary records the last ({@code
 * delta-version}) and the first ({@code delta-first-version}) version it covers, so a failed or
 * missed run is repaired by the next one.
 *
 * <p>A snapshot is an {@code append} when its versions' net change only adds files (or none), a
 * {@code delete} when it only removes, an {@code overwrite} when it does both. When the commit
 * files between the last mirrored version and the target are gone (log cleanup), the mirror
 * compares the live files instead. Calls are serialized per table.
 */
public final class TableMirror {
  /** Iceberg logs a report of every commit at INFO by default; one per flush is noise. */
  private static final MetricsReporter NO_REPORTS = report -> {};

  /** The table property that says how many snapshots the mirror keeps (Iceberg's own name). */
  static final String SNAPSHOTS_KEPT_PROPERTY = TableProperties.MIN_SNAPSHOTS_TO_KEEP;

  static final int DEFAULT_SNAPSHOTS_KEPT = 100;

  /** Bounds the actions a pass holds in memory when it catches up on a long backlog. */
  static final int MAX_VERSIONS_PER_SNAPSHOT = 1000;

  private final DeltaTable delta;
  private final StorageFileIO io;
  private final StorageTableOperations ops;

  /**
   * @param rootLocation the location of the storage root, ending in {@code /}
   */
  public TableMirror(DeltaTable delta, String rootLocation) {
    this.delta = delta;
    this.io = new StorageFileIO(delta.storage(), rootLocation);
    this.ops = new StorageTableOperations(delta.storage(), io, delta.tablePath());
  }

  /**
   * Mirrors every Delta version up to {@code version} not mirrored yet, coalesced: one snapshot for
   * up to {@value #MAX_VERSIONS_PER_SNAPSHOT} consecutive versions.
   */
  public synchronized Progress catchUp(long version) {
    refusePartitioned(delta.snapshotAt(version));
    TableMetadata current = ops.refresh();
    if (current == null) {
      Snapshot snapshot = delta.snapshotAt(version);
      ops.expectMirrored(-1);
      create(snapshot);
      return new Progress(1, snapshot.version() + 1);
    }
    requireSameTable(current);
    long mirrored = mirroredVersion(current);
    int snapshots = 0;
    for (long first = mirrored + 1; first <= version; ) {
      ops.expectMirrored(first - 1);
      long last = Math.min(version, first + MAX_VERSIONS_PER_SNAPSHOT - 1);
      CoalescedVersions changes = new CoalescedVersions(this::location);
      try {
        for (long next = first; next <= last; next++) {
          changes.apply(delta.commitActions(next));
        }
      } catch (VersionNotFoundException cleanedUp) {
        resync(delta.snapshotAt(version), first);
        snapshots++;
        break;
      }
      mirror(first, last, changes);
      snapshots++;
      first = last + 1;
    }
    expireOldSnapshots();
    return new Progress(snapshots, Math.max(0, version - mirrored));
  }

  /**
   * A partitioned Delta table's partition columns are not in its data files, and the mirror writes
   * an unpartitioned Iceberg spec: Iceberg readers would see the columns as null. Refused by name.
   */
  void refusePartitioned(Snapshot snapshot) {
    if (!snapshot.partitionColumns().isEmpty()) {
      throw new IcebergMetadataException(
          "Cannot mirror Delta table "
              + delta.tablePath()
              + " into Iceberg: it is partitioned by "
              + snapshot.partitionColumns()
              + ", and partitioned tables are not mirrored (their partition values are only in"
              + " the Delta log)");
    }
  }

  /**
   * What one {@link #catchUp} wrote.
   *
   * @param snapshots Iceberg snapshots written
   * @param versions Delta versions they cover
   */
  public record Progress(int snapshots, long versions) {}

  /**
   * Keeps the newest {@value #SNAPSHOTS_KEPT_PROPERTY} snapshots (default {@value
   * #DEFAULT_SNAPSHOTS_KEPT}): the metadata JSON lists every snapshot and is rewritten by every
   * commit, so without this each commit would cost more than the last. Expiry runs once a tenth
   * more have gathered, and deletes only the expired manifests and manifest lists: never a data
   * file, which Delta's vacuum owns.
   */
  private void expireOldSnapshots() {
    ops.expectAnyMirrored();
    TableMetadata current = ops.current();
    int kept = Math.max(1, current.propertyAsInt(SNAPSHOTS_KEPT_PROPERTY, DEFAULT_SNAPSHOTS_KEPT));
    if (current.snapshots().size() <= kept + Math.max(1, kept / 10)) {
      return;
    }
    String metadataFolder = metadataFolder();
    table()
        .expireSnapshots()
        .expireOlderThan(Long.MAX_VALUE)
        .retainLast(kept)
        .planWith(CallingThreadExecutor.INSTANCE)
        .executeDeleteWith(CallingThreadExecutor.INSTANCE)
        .deleteWith(
            location -> {
              if (location.startsWith(metadataFolder)) {
                io.deleteFile(location);
              }
            })
        .commit();
  }

  /** The Delta version the newest Iceberg snapshot mirrors, or -1 if none. */
  static long mirroredVersion(TableMetadata metadata) {
    if (metadata.currentSnapshot() == null) {
      return -1;
    }
    String recorded = metadata.currentSnapshot().summary().get(IcebergMetadata.DELTA_VERSION);
    if (recorded == null) {
      throw new IcebergMetadataException(
          "Cannot mirror Delta versions into "
              + metadata.location()
              + ": its current Iceberg snapshot records no "
              + IcebergMetadata.DELTA_VERSION);
    }
    return Long.parseLong(recorded);
  }

  private void create(Snapshot snapshot) {
    Map<String, String> properties = new HashMap<>();
    properties.put(TableProperties.FORMAT_VERSION, "3");
    properties.put(IcebergMetadata.DELTA_TABLE_ID, snapshot.metadata().id());
    properties.put(TableProperties.METADATA_DELETE_AFTER_COMMIT_ENABLED, "true");
    // Iceberg would retry a lost commit by re-applying it on the winner's metadata, which mirrors
    // the same Delta version twice when the winner was another mirror; failing lets the next run
    // re-read what was mirrored and continue from there.
    properties.put(TableProperties.COMMIT_NUM_RETRIES, "0");
    Schema provisional = IcebergSchemas.of(snapshot.schema());
    TableMetadata metadata =
        TableMetadata.newTableMetadata(
            provisional, PartitionSpec.unpartitioned(), io.location(delta.tablePath()), properties);
    Transaction transaction =
        Transactions.createTableTransaction(name(), ops, metadata, NO_REPORTS);
    transaction
        .updateProperties()
        .set(
            TableProperties.DEFAULT_NAME_MAPPING,
            NameMappingParser.toJson(MappingUtil.create(transaction.table().schema())))
        .commit();
    apply(
        transaction.table(),
        List.of(),
        snapshot.files(),
        0,
        snapshot.version(),
        "CREATE ICEBERG METADATA");
    transaction.commitTransaction();
  }

  private void mirror(long first, long last, CoalescedVersions changes) {
    StructType schema = changes.schema();
    List<AddFile> adds = List.copyOf(changes.added());
    List<RemoveFile> removes = List.copyOf(changes.removed());
    String operation = changes.operation();
    if (schema != null) {
      // Rare (a promotion): its own metadata version before the snapshot. A crash in between
      // leaves the schema updated and the version unmirrored, which the next run completes.
      Transaction schemaChange = table().newTransaction();
      if (syncSchema(schemaChange, schema)) {
        schemaChange.commitTransaction();
      }
    }
    // The snapshot commits on the table itself rather than in a transaction: a transaction's
    // commit waits for Iceberg's worker pool to delete its intermediate files.
    Table table = table();
    apply(
        table,
        removes.stream().map(remove -> removedFile(remove, table)).toList(),
        adds,
        first,
        last,
        operation);
  }

  /**
   * Commits one snapshot on {@code table} (the table, or a transaction's view of it) that removes
   * {@code removed} and adds {@code added}: an append, a delete or an overwrite, or a row delta
   * when an added file has a deletion vector (written as an Iceberg one beside it).
   */
  private void apply(
      Table table,
      List<DataFile> removed,
      List<AddFile> added,
      long first,
      long last,
      String operation) {
    List<AddFile> withVectors = added.stream().filter(add -> add.deletionVector() != null).toList();
    if (!withVectors.isEmpty()) {
      RowDelta rowDelta = table.newRowDelta();
      if (table.currentSnapshot() != null) {
        // Iceberg checks that no other vector was added for these files since this snapshot; by
        // default it checks the whole history, where the vectors this snapshot replaces are.
        rowDelta.validateFromSnapshot(table.currentSnapshot().snapshotId());
      }
      removed.forEach(rowDelta::removeRows);
      added.forEach(add -> rowDelta.addRows(dataFile(add, table)));
      DeletionVectorFiles.write(delta, table, io, metadataFolder(), withVectors, this::location)
          .forEach(rowDelta::addDeletes);
      commit(rowDelta, first, last, operation);
    } else if (removed.isEmpty()) {
      AppendFiles append = table.newAppend();
      added.forEach(add -> append.appendFile(dataFile(add, table)));
      commit(append, first, last, operation);
    } else if (added.isEmpty()) {
      DeleteFiles delete = table.newDelete();
      removed.forEach(delete::deleteFile);
      commit(delete, first, last, operation);
    } else {
      OverwriteFiles overwrite = table.newOverwrite();
      removed.forEach(overwrite::deleteFile);
      added.forEach(add -> overwrite.addFile(dataFile(add, table)));
      commit(overwrite, first, last, operation);
    }
  }

  private String metadataFolder() {
    return io.location(delta.tablePath()) + "/" + IcebergMetadata.METADATA_FOLDER + "/";
  }

  /** Brings the Iceberg table to {@code snapshot}'s schema and files in one snapshot. */
  private void resync(Snapshot snapshot, long firstVersion) {
    // The live files come from the table itself: a transaction's view of it cannot scan.
    Table base = table();
    Map<String, DataFile> live = new HashMap<>();
    if (base.currentSnapshot() != null) {
      try (CloseableIterable<FileScanTask> tasks =
          base.newScan().planWith(CallingThreadExecutor.INSTANCE).planFiles()) {
        tasks.forEach(task -> live.put(task.file().location(), task.file()));
      } catch (java.io.IOException e) {
        throw new IcebergMetadataException("Cannot list the Iceberg data files of " + name(), e);
      }
    }
    Transaction transaction = base.newTransaction();
    syncSchema(transaction, snapshot.schema());
    Table view = transaction.table();
    // A file with a deletion vector is removed and added again, so that its Iceberg vector is
    // Delta's current one.
    Set<String> wanted = new HashSet<>();
    List<AddFile> added = new ArrayList<>();
    List<DataFile> removed = new ArrayList<>();
    for (AddFile add : snapshot.files()) {
      String location = location(add.path());
      wanted.add(location);
      DataFile present = live.get(location);
      if (present == null || add.deletionVector() != null) {
        added.add(add);
        if (present != null) {
          removed.add(present);
        }
      }
    }
    live.forEach(
        (location, file) -> {
          if (!wanted.contains(location)) {
            removed.add(file);
          }
        });
    apply(view, removed, added, firstVersion, snapshot.version(), "RESYNC");
    transaction.commitTransaction();
  }

  /** Records the schema change in {@code transaction}; false if there is none. */
  private boolean syncSchema(Transaction transaction, StructType deltaSchema) {
    Schema current = transaction.table().schema();
    if (SchemaSync.matches(current, deltaSchema)) {
      return false;
    }
    var update = transaction.updateSchema();
    SchemaSync.apply(update, current, deltaSchema);
    update.commit();
    transaction
        .updateProperties()
        .set(
            TableProperties.DEFAULT_NAME_MAPPING,
            NameMappingParser.toJson(MappingUtil.create(transaction.table().schema())))
        .commit();
    return true;
  }

  private Table table() {
    return new BaseTable(ops, name(), NO_REPORTS);
  }

  private static void commit(
      SnapshotUpdate<?> update, long firstVersion, long version, String operation) {
    update.scanManifestsWith(CallingThreadExecutor.INSTANCE);
    update.writeManifestsWith(CallingThreadExecutor.INSTANCE, 1);
    update.set(IcebergMetadata.DELTA_VERSION, Long.toString(version));
    update.set(IcebergMetadata.DELTA_FIRST_VERSION, Long.toString(firstVersion));
    if (!operation.isEmpty()) {
      update.set(IcebergMetadata.DELTA_OPERATION, operation);
    }
    update.commit();
  }

  private DataFile dataFile(AddFile add, Table table) {
    String location = location(add.path());
    return DataFiles.builder(table.spec())
        .withPath(location)
        .withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(add.size())
        .withMetrics(DataFileMetrics.of(location, add.stats(), table.schema()))
        .build();
  }

  /** A removed file as Iceberg matches it: by location (size and count only describe it). */
  private DataFile removedFile(RemoveFile remove, Table table) {
    return DataFiles.builder(table.spec())
        .withPath(location(remove.path()))
        .withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(remove.size() == null ? 0 : remove.size())
        .withRecordCount(DataFileMetrics.recordCountOrZero(remove.stats()))
        .build();
  }

  private String location(String actionPath) {
    return io.location(FilePaths.toStoragePath(delta.tablePath(), actionPath));
  }

  private void requireSameTable(TableMetadata current) {
    String recorded = current.property(IcebergMetadata.DELTA_TABLE_ID, null);
    String id = delta.cachedSnapshot().metadata().id();
    if (recorded != null && !recorded.equals(id)) {
      throw new IcebergMetadataException(
          "Cannot mirror Delta table "
              + delta.tablePath()
              + " (id "
              + id
              + "): its metadata folder describes another table (id "
              + recorded
              + "); delete the metadata folder to start over");
    }
  }

  @Override
  public String toString() {
    return delta.tablePath().isEmpty() ? "the table at the storage root" : delta.tablePath();
  }

  private String name() {
    return delta.tablePath().isEmpty() ? "table" : delta.tablePath();
  }
}
