package dev.mongolake.delta.table;

import dev.mongolake.delta.CommitResult;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.TableDefinition;
import dev.mongolake.delta.TableFeatures;
import dev.mongolake.delta.Transaction;
import dev.mongolake.delta.cdc.ChangeRow;
import dev.mongolake.delta.cdc.ChangeType;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.exceptions.TableNotFoundException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.Storage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A Delta table of documents: each data file holds {@code _id}, the whole document as a Parquet
 * VARIANT and the promoted columns, so DuckDB, Spark and delta-kernel read it directly.
 *
 * <p>Changes commit as one Delta version each: inserts are blind appends; replacements and deletes
 * rewrite the files that hold the old versions (copy-on-write: remove + add), or, with {@link
 * DocumentTableConfig#deletionVectors()} on, mark the old versions' rows in the files' deletion
 * vectors (remove + add of the same file with the union vector) while the new versions go into the
 * commit's new file as inserts do. Rewrites (copy-on-write and {@link #optimize()}) never write a
 * vector's deleted rows back. A commit may carry an idempotent-writer id ({@code txn}), so a writer
 * that replays a batch after a crash can see it already landed.
 *
 * <p>A table with {@link DocumentTableConfig#partitionColumns()} is a partitioned Delta table:
 * every file it writes (appends, rewrites, compaction, change data files) holds the documents of
 * one partition, in that partition's Hive-style folder, with the {@code partitionValues} of its
 * documents; compaction merges files only within one partition (see {@link PartitionColumns}).
 *
 * <p>Thread-safe for readers; writers of one table must be serialized by the caller (a concurrent
 * writer elsewhere surfaces as the Delta library's {@code ConcurrentModificationException}).
 */
public final class DocumentTable {

  /** Table property holding the {@code _id} encoding. */
  public static final String ID_ENCODING_PROPERTY = "mongolake.idEncoding";

  /** Table property holding the promoted-column config (Extended JSON). */
  public static final String PROMOTED_COLUMNS_PROPERTY = "mongolake.promotedColumns";

  /** Table property holding the target data file size. */
  public static final String TARGET_FILE_SIZE_PROPERTY = "mongolake.targetFileSize";

  /** Table property holding the partition-column config (Extended JSON). */
  public static final String PARTITION_COLUMNS_PROPERTY = "mongolake.partitionColumns";

  private final Storage storage;
  private final DeltaTable delta;
  private final DocumentTableConfig config;
  private final Clock clock;

  private DocumentTable(
      Storage storage, DeltaTable delta, DocumentTableConfig config, Clock clock) {
    this.storage = storage;
    this.delta = delta;
    this.config = config;
    this.clock = clock;
  }

  /**
   * Creates the table at {@code path}.
   *
   * @throws dev.mongolake.delta.exceptions.TableAlreadyExistsException if it exists
   */
  public static DocumentTable create(
      Storage storage, String path, DocumentTableConfig config, Clock clock) {
    return create(storage, path, config, clock, java.util.UUID.randomUUID().toString());
  }

  /**
   * As {@link #create(Storage, String, DocumentTableConfig, Clock)}, with {@code id} as the Delta
   * table's metadata id.
   */
  public static DocumentTable create(
      Storage storage, String path, DocumentTableConfig config, Clock clock, String id) {
    return create(storage, path, config, clock, id, DeltaTableOptions.defaults());
  }

  /**
   * As {@link #create(Storage, String, DocumentTableConfig, Clock, String)}, with {@code options}
   * for the Delta table handle (commit listeners, checkpoints).
   */
  public static DocumentTable create(
      Storage storage,
      String path,
      DocumentTableConfig config,
      Clock clock,
      String id,
      DeltaTableOptions options) {
    Map<String, String> properties = TableProperties.of(config);
    DeltaTable delta =
        DeltaTable.create(
            storage,
            path,
            new TableDefinition(
                DocumentTableSchema.of(config),
                config.partitionColumns().names(),
                properties,
                null),
            options,
            id);
    return new DocumentTable(storage, delta, config, clock);
  }

  /**
   * Creates a table at {@code path} holding exactly the documents of {@code source}, whose data
   * files it references where they are (a shallow clone: see {@link DeltaTable#shallowClone}), with
   * the source version's config.
   *
   * @throws dev.mongolake.delta.exceptions.TableAlreadyExistsException if it exists
   */
  public static DocumentTable shallowClone(
      Storage storage,
      DocumentSnapshot source,
      String path,
      Clock clock,
      String id,
      DeltaTableOptions options,
      Map<String, Long> idempotentWriters) {
    DeltaTable delta =
        DeltaTable.shallowClone(source.delta(), path, options, id, idempotentWriters);
    return new DocumentTable(storage, delta, source.config(), clock);
  }

  /** The Delta table's metadata id, which it keeps for its whole life. */
  public String id() {
    return delta.snapshot().metadata().id();
  }

  /** Opens an existing table, or empty if {@code path} holds none. */
  public static Optional<DocumentTable> open(Storage storage, String path, Clock clock) {
    return open(storage, path, clock, DeltaTableOptions.defaults());
  }

  /**
   * As {@link #open(Storage, String, Clock)}, with {@code options} for the Delta table handle
   * (commit listeners, checkpoints).
   */
  public static Optional<DocumentTable> open(
      Storage storage, String path, Clock clock, DeltaTableOptions options) {
    DeltaTable delta = DeltaTable.forPath(storage, path, options);
    Snapshot snapshot;
    try {
      snapshot = delta.snapshot();
    } catch (TableNotFoundException e) {
      return Optional.empty();
    }
    refuseColumnMapping(path, snapshot, "open");
    DocumentTableConfig config = configOf(snapshot.metadata(), path);
    return Optional.of(new DocumentTable(storage, delta, config, clock));
  }

  /** The checks before any write: the protocol's, and no column mapping. */
  private static void checkWritable(String path, Snapshot base) {
    TableFeatures.checkWritable(path, base.protocol(), base.metadata());
    refuseColumnMapping(path, base, "write");
  }

  /**
   * Document tables name their Parquet columns, statistics and partition values logically, so a
   * table with column mapping (another writer's, or one created in mode name) is refused.
   */
  private static void refuseColumnMapping(String path, Snapshot snapshot, String action) {
    if (snapshot.columnMapping().active()) {
      throw new UnsupportedTableFeatureException(
          "columnMapping",
          "Cannot "
              + action
              + " document table "
              + path
              + ": it uses column mapping mode "
              + snapshot.columnMapping().mode().name().toLowerCase(java.util.Locale.ROOT)
              + ", which document tables do not support (read it with TableReader)");
    }
  }

  /**
   * The config a table's Delta metadata records.
   *
   * @throws DeltaException if the metadata is not a document table's
   */
  static DocumentTableConfig configOf(Metadata metadata, String path) {
    return TableProperties.configOf(metadata, path);
  }

  public String path() {
    return delta.tablePath();
  }

  /**
   * The config this table was created or opened with. With {@link AutoPromote} the promoted columns
   * grow over time: {@link DocumentSnapshot#config()} tells how each version stores its documents.
   */
  public DocumentTableConfig config() {
    return config;
  }

  /** The underlying Delta table (history, checkpoints, vacuum). */
  public DeltaTable delta() {
    return delta;
  }

  /** The latest version. */
  public DocumentSnapshot snapshot() {
    return documentSnapshot(delta.snapshot());
  }

  /** A past version (time travel). */
  public DocumentSnapshot snapshot(long version) {
    return documentSnapshot(delta.snapshotAt(version));
  }

  private DocumentSnapshot documentSnapshot(Snapshot snapshot) {
    refuseColumnMapping(path(), snapshot, "read");
    return new DocumentSnapshot(storage, snapshot, configOf(snapshot.metadata(), path()));
  }

  /**
   * Appends documents to the latest version: a blind append, which never conflicts with other
   * appends. Documents replacing existing {@code _id}s go through {@link #commit} instead.
   */
  public CommitResult write(List<BsonDocument> documents) {
    return commit(new TableChanges(documents, List.of(), List.of()), null, 0);
  }

  /**
   * The latest version's documents matching a MongoDB filter, read with pruning (see {@link
   * DocumentSnapshot#scan(Filter)}); the caller closes the scan or reads it to the end.
   *
   * @throws dev.mongolake.delta.exceptions.QueryException if the filter is malformed
   */
  public DocumentSnapshot.DocumentScan query(BsonDocument filter) {
    return snapshot().query(filter);
  }

  /**
   * Commits {@code changes} as one version, unless the idempotent writer {@code appId} has already
   * committed {@code writerVersion} or later (then nothing is written and the result reports the
   * version that holds it).
   *
   * <p>With the change data feed on, a commit that replaces or deletes documents also writes a
   * change data file ({@code insert}, {@code update_preimage}/{@code update_postimage} pairs,
   * {@code delete} with the old document) and its {@code cdc} action; an insert-only commit needs
   * none, its {@code add} files are its changes. With {@link AutoPromote} on, fields that qualify
   * in the written documents become promoted columns, and the schema change commits with the data.
   *
   * @param appId the writer's id for Delta's {@code txn} action, or null for none
   * @throws dev.mongolake.delta.exceptions.UnsupportedTableFeatureException before anything is read
   *     or written, if this library cannot write the table
   */
  public CommitResult commit(TableChanges changes, String appId, long writerVersion) {
    Snapshot base = delta.snapshot();
    if (appId != null && base.transactionVersion(appId).orElse(-1) >= writerVersion) {
      return new CommitResult(base.version(), CommitResult.Status.ALREADY_COMMITTED, 0);
    }
    checkWritable(delta.tablePath(), base);
    // The config of the version written on, not of this object: autoPromote changes it over time.
    DocumentTableConfig current = configOf(base.metadata(), path());
    Transaction transaction = delta.startTransaction(base);
    List<BsonDocument> toWrite = new ArrayList<>(changes.inserts());
    toWrite.addAll(changes.replacements());
    TreeMap<BsonValue, BsonDocument> oldVersions = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    if (changes.rewritesFiles()) {
      TreeSet<BsonValue> changed = new TreeSet<>(BsonComparisonOrder.INSTANCE);
      changes.replacements().forEach(d -> changed.add(d.get("_id")));
      changed.addAll(changes.deletes());
      long now = clock.millis();
      if (current.deletionVectors()) {
        RowDeletions marked =
            RowDeletions.mark(
                storage,
                delta.tablePath(),
                base,
                current.idEncoding(),
                changed,
                current.changeDataFeed() ? oldVersions : null);
        transaction.readFiles(marked.removed());
        marked.removed().forEach(file -> transaction.remove(file.toRemove(now, true)));
        transaction.add(marked.added());
      } else {
        List<AddFile> affected = new ArrayList<>();
        for (AddFile file : base.files()) {
          if (IdRanges.mayContainAny(file, current.idEncoding(), changed)
              && rewriteWithout(base, file, changed, toWrite, oldVersions)) {
            affected.add(file);
          }
        }
        transaction.readFiles(affected);
        affected.forEach(file -> transaction.remove(file.toRemove(now, true)));
      }
    }
    DocumentTableConfig written = promote(current, toWrite);
    if (!written.equals(current)) {
      transaction.updateMetadata(TableProperties.withSchema(base.metadata(), written));
    }
    long now = clock.millis();
    new PartitionedFileWriter(storage, delta.tablePath(), written)
        .write(toWrite, now, true)
        .forEach(transaction::add);
    if (current.changeDataFeed() && !oldVersions.isEmpty()) {
      ChangeDataFiles.write(storage, path(), written, changeRows(changes, oldVersions))
          .forEach(transaction::addChangeData);
    }
    if (appId != null) {
      transaction.setTransaction(appId, writerVersion);
    }
    transaction.operation(changes.rewritesFiles() ? "MERGE" : "WRITE", Map.of());
    return transaction.commit();
  }

  /**
   * Changes how the table writes its next files, in one metadata-only commit ({@code SET
   * TBLPROPERTIES}): {@code change} gets the layout of the current version and returns the one
   * wanted. Promoted columns may be added (never removed or retyped), and the target file size, the
   * change data feed ({@code delta.enableChangeDataFeed}, adding the {@code changeDataFeed} writer
   * feature when the protocol lacks it), deletion vectors ({@code delta.enableDeletionVectors},
   * adding the {@code deletionVectors} reader and writer feature when turned on; vectors files have
   * stay when turned off) and {@link AutoPromote} may change. Files already written keep their
   * columns: an added column is in the files written from then on, including those {@link
   * #optimize()} and replacements rewrite. Until an older file is rewritten, readers see the column
   * as null on its rows (through the Delta log, or DuckDB's {@code read_parquet} with {@code
   * union_by_name}); this library's own reads take every value from the document column.
   *
   * @return the table's version with the layout, or the current one when nothing changed
   * @throws DeltaException naming what cannot change (the {@code _id} encoding, row-group size,
   *     purge share, a promoted column removed or retyped)
   */
  public long changeLayout(java.util.function.UnaryOperator<DocumentTableConfig> change) {
    Snapshot base = delta.snapshot();
    checkWritable(delta.tablePath(), base);
    DocumentTableConfig current = configOf(base.metadata(), path());
    return LayoutChange.commit(delta, base, current, change.apply(current))
        .map(CommitResult::version)
        .orElse(base.version());
  }

  /**
   * Gives the table another {@code _id} encoding ({@link IdEncoding#KEY} stores every {@code _id}),
   * in one commit ({@code REORG}) that rewrites every live file with the new encoding, without the
   * rows deletion vectors delete (the new files carry no vector), and records the new {@code _id}
   * column type in the schema and {@code mongolake.idEncoding} in the table properties. The removes
   * and adds carry {@code dataChange: false}: the documents stay the same. The cost is one rewrite
   * of the whole table; with no live file it is a metadata-only commit. Callers serialize it with
   * the table's other writers, as for {@link #optimize()}.
   *
   * @return the table's version with the encoding, or the current one when it has it already
   * @throws dev.mongolake.delta.parquet.ParquetFileException if a stored {@code _id} does not fit
   *     {@code encoding}; nothing is committed then
   * @throws dev.mongolake.delta.exceptions.ConcurrentModificationException if a concurrent commit
   *     changed the table's files meanwhile; nothing is lost, and the change can run again
   */
  public long changeIdEncoding(IdEncoding encoding) {
    Snapshot base = delta.snapshot();
    checkWritable(delta.tablePath(), base);
    DocumentTableConfig current = configOf(base.metadata(), path());
    long now = clock.millis();
    return IdEncodingChange.commit(storage, delta, base, current, encoding, now)
        .map(CommitResult::version)
        .orElse(base.version());
  }

  /**
   * Turns deletion vectors on for this table from its next commit: one commit adds the {@code
   * deletionVectors} reader and writer feature to the protocol (upgrading it to reader version 3
   * and writer version 7 if needed) and sets {@code delta.enableDeletionVectors=true}. Nothing is
   * committed when both are already there. Readers that do not support the feature can no longer
   * read the table.
   *
   * @return the table's version with deletion vectors on
   */
  public long enableDeletionVectors() {
    Snapshot base = delta.snapshot();
    checkWritable(delta.tablePath(), base);
    var protocol = TableFeatures.withReaderWriterFeature(base.protocol(), "deletionVectors");
    boolean enabled =
        "true"
            .equalsIgnoreCase(
                base.metadata().configuration(TableProperties.DELETION_VECTORS, null));
    if (protocol.equals(base.protocol()) && enabled) {
      return base.version();
    }
    Transaction transaction = delta.startTransaction(base);
    if (!protocol.equals(base.protocol())) {
      transaction.updateProtocol(protocol);
    }
    if (!enabled) {
      Map<String, String> configuration = new HashMap<>(base.metadata().configuration());
      configuration.put(TableProperties.DELETION_VECTORS, "true");
      transaction.updateMetadata(base.metadata().withConfiguration(configuration));
    }
    transaction.operation(
        "SET TBLPROPERTIES", Map.of("properties", TableProperties.DELETION_VECTORS + "=true"));
    return transaction.commit().version();
  }

  /**
   * Small-file compaction (Delta's {@code OPTIMIZE}): the data files smaller than three quarters of
   * the target file size are read, their documents written again into files of the target size, and
   * one commit replaces them ({@code remove} and {@code add} with {@code dataChange: false}, so
   * readers of the change feed see no change). The files are merged in {@code _id} order through
   * one writer (see {@link IdOrderedMerge}), so the new files stay sorted for point reads; each
   * input's current row group is held meanwhile, about the compressed size of the files merged,
   * which {@link #optimize(long)} bounds. Nothing happens when fewer than two files are small. A
   * file whose deletion vector deletes more than {@link DocumentTableConfig#purgeDeletedShare()} of
   * its rows is rewritten too, even alone, so that its deleted rows are dropped (purged). In a
   * partitioned table the files are merged per partition, one writer each, and a partition with a
   * single small file (and nothing to purge) is left as it is.
   *
   * @throws dev.mongolake.delta.exceptions.ConcurrentModificationException if a concurrent commit
   *     removed one of the files being compacted; nothing is lost, and the compaction can simply
   *     run again
   */
  public OptimizeResult optimize() {
    return optimize(Long.MAX_VALUE);
  }

  /**
   * Like {@link #optimize()}, but merges only the first small files, until they add up to {@code
   * maxBytes} (at least two), so that one run takes bounded time; the next run takes the next ones.
   */
  public OptimizeResult optimize(long maxBytes) {
    Snapshot base = delta.snapshot();
    checkWritable(delta.tablePath(), base);
    DocumentTableConfig current = configOf(base.metadata(), path());
    // Files merge only within their partition: every document of a file shares its values.
    Map<Map<String, String>, List<AddFile>> candidates = new LinkedHashMap<>();
    Map<Map<String, String>, Boolean> purging = new HashMap<>();
    long smallBytes = 0;
    for (AddFile file : base.files()) {
      boolean purge = current.deletesEnoughToPurge(file);
      if (purge || file.size() < current.smallFileBytes()) {
        List<AddFile> group =
            candidates.computeIfAbsent(file.partitionValues(), values -> new ArrayList<>());
        group.add(file);
        smallBytes += file.size();
        purging.merge(file.partitionValues(), purge, Boolean::logicalOr);
        if (group.size() >= 2 && smallBytes >= maxBytes) {
          break;
        }
      }
    }
    // One file is worth rewriting alone only to drop its deleted rows.
    candidates
        .entrySet()
        .removeIf(group -> group.getValue().size() < 2 && !purging.get(group.getKey()));
    if (candidates.isEmpty()) {
      return new OptimizeResult(base.version(), 0, 0, 0, 0);
    }
    long now = clock.millis();
    PartitionedFileWriter writer = new PartitionedFileWriter(storage, delta.tablePath(), current);
    List<AddFile> small = new ArrayList<>();
    List<AddFile> written = new ArrayList<>();
    for (Map.Entry<Map<String, String>, List<AddFile>> group : candidates.entrySet()) {
      small.addAll(group.getValue());
      written.addAll(writer.merge(group.getKey(), readers(base, group.getValue()), now));
    }
    Transaction transaction = delta.startTransaction(base);
    transaction.readFiles(small);
    small.forEach(file -> transaction.remove(file.toRemove(now, false)));
    written.forEach(transaction::add);
    long bytesAdded = written.stream().mapToLong(AddFile::size).sum();
    transaction.operation(
        "OPTIMIZE", Map.of("predicate", "[]", "targetFileSize", current.targetFileSizeBytes()));
    CommitResult result = transaction.commit();
    return new OptimizeResult(
        result.version(),
        small.size(),
        written.size(),
        small.stream().mapToLong(AddFile::size).sum(),
        bytesAdded);
  }

  /**
   * The table's change data feed from {@code fromVersion} to {@code toVersion}, both included, in
   * commit order: what each commit inserted, updated (pre- and post-image) and deleted, with {@code
   * _commit_version} and {@code _commit_timestamp}. Commits made while the feed was off are
   * described by their files (adds as inserts, removes as deletes of the whole file).
   *
   * @throws dev.mongolake.delta.exceptions.VersionNotFoundException if a version is not in the log
   * @throws dev.mongolake.delta.storage.StorageFileNotFoundException if a file it needs was
   *     vacuumed
   */
  public List<ChangeRow> changes(long fromVersion, long toVersion) {
    return ChangeFeed.read(storage, delta, fromVersion, toVersion);
  }

  private static DocumentTableConfig promote(
      DocumentTableConfig config, List<BsonDocument> documents) {
    if (!config.autoPromote().enabled()) {
      return config;
    }
    DocumentSchema extended =
        AutoPromotion.extend(config.schema(), documents, config.autoPromote().threshold());
    // A partition column is never promoted: its values are in the log, not in the files.
    DocumentSchema schema =
        new DocumentSchema(
            extended.columns().stream()
                .filter(column -> !config.partitionColumns().overlaps(column))
                .toList());
    return schema.equals(config.schema()) ? config : config.withSchema(schema);
  }

  /** The rows of a change data file: every insert, replacement and delete of the commit. */
  private static List<ChangeDataFiles.Change> changeRows(
      TableChanges changes, Map<BsonValue, BsonDocument> oldVersions) {
    List<ChangeDataFiles.Change> rows = new ArrayList<>();
    changes.inserts().forEach(d -> rows.add(new ChangeDataFiles.Change(ChangeType.INSERT, d)));
    for (BsonDocument replacement : changes.replacements()) {
      BsonDocument old = oldVersions.get(replacement.get("_id"));
      if (old == null) {
        rows.add(new ChangeDataFiles.Change(ChangeType.INSERT, replacement));
      } else {
        rows.add(new ChangeDataFiles.Change(ChangeType.UPDATE_PREIMAGE, old));
        rows.add(new ChangeDataFiles.Change(ChangeType.UPDATE_POSTIMAGE, replacement));
      }
    }
    for (BsonValue id : changes.deletes()) {
      BsonDocument old = oldVersions.get(id);
      if (old != null) {
        rows.add(new ChangeDataFiles.Change(ChangeType.DELETE, old));
      }
    }
    return rows;
  }

  /**
   * Reads a file; if it holds any changed {@code _id}, adds its other documents to {@code keep},
   * the old versions of the changed ones to {@code oldVersions}, and returns true (the file must be
   * replaced).
   */
  private boolean rewriteWithout(
      Snapshot base,
      AddFile file,
      TreeSet<BsonValue> changed,
      List<BsonDocument> keep,
      Map<BsonValue, BsonDocument> oldVersions) {
    List<BsonDocument> survivors = new ArrayList<>();
    Map<BsonValue, BsonDocument> removed = new HashMap<>();
    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, base.storagePath(file), file.size(), live(base, file))) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        BsonValue id = row.document().get("_id");
        if (changed.contains(id)) {
          removed.put(id, row.document());
        } else {
          survivors.add(row.document());
        }
      }
    }
    if (removed.isEmpty()) {
      return false;
    }
    keep.addAll(survivors);
    oldVersions.putAll(removed);
    return true;
  }

  /** Readers of the live documents of {@code files}; on a failure the ones opened are closed. */
  private List<DocumentFileReader> readers(Snapshot base, List<AddFile> files) {
    List<DocumentFileReader> readers = new ArrayList<>(files.size());
    try {
      for (AddFile file : files) {
        readers.add(
            DocumentFileReader.open(
                storage, base.storagePath(file), file.size(), live(base, file)));
      }
    } catch (RuntimeException e) {
      readers.forEach(DocumentFileReader::close);
      throw e;
    }
    return readers;
  }

  /**
   * Reads a file's documents without the rows its deletion vector deletes: a rewrite must never
   * bring them back.
   */
  static DocumentReadOptions live(Snapshot base, AddFile file) {
    DeletedRows deleted = base.deletedRows(file);
    return DocumentReadOptions.documents()
        .withDeletedRows(deleted.isEmpty() ? null : deleted::contains);
  }
}
