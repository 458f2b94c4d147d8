package dev.mongolake.delta.table;

import dev.mongolake.delta.CommitResult;
import dev.mongolake.delta.DeltaException;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.TableDefinition;
import dev.mongolake.delta.TableNotFoundException;
import dev.mongolake.delta.Transaction;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentFileWriter;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.DocumentWriteOptions;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.parquet.WrittenDocumentFile;
import dev.mongolake.delta.query.BsonComparisonOrder;
import dev.mongolake.delta.storage.Storage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A Delta table of documents: each data file holds {@code _id}, the whole document as a Parquet
 * VARIANT and the promoted columns, so DuckDB, Spark and delta-kernel read it directly.
 *
 * <p>Changes commit as one Delta version each: inserts are blind appends; replacements and deletes
 * rewrite the files that hold the old versions (copy-on-write: remove + add). A commit may carry an
 * idempotent-writer id ({@code txn}), so a writer that replays a batch after a crash can see it
 * already landed.
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
   * @throws dev.mongolake.delta.TableAlreadyExistsException if it exists
   */
  public static DocumentTable create(
      Storage storage, String path, DocumentTableConfig config, Clock clock) {
    Map<String, String> properties =
        Map.of(
            ID_ENCODING_PROPERTY,
            config.idEncoding().name(),
            PROMOTED_COLUMNS_PROPERTY,
            config.schema().toConfig().toJson(),
            TARGET_FILE_SIZE_PROPERTY,
            Long.toString(config.targetFileSizeBytes()));
    DeltaTable delta =
        DeltaTable.create(
            storage,
            path,
            new TableDefinition(DocumentTableSchema.of(config), List.of(), properties, null));
    return new DocumentTable(storage, delta, config, clock);
  }

  /** Opens an existing table, or empty if {@code path} holds none. */
  public static Optional<DocumentTable> open(Storage storage, String path, Clock clock) {
    DeltaTable delta = DeltaTable.forPath(storage, path);
    Snapshot snapshot;
    try {
      snapshot = delta.snapshot();
    } catch (TableNotFoundException e) {
      return Optional.empty();
    }
    DocumentTableConfig config = configOf(snapshot.metadata(), path);
    return Optional.of(new DocumentTable(storage, delta, config, clock));
  }

  /**
   * The config a table's Delta metadata records.
   *
   * @throws DeltaException if the metadata is not a document table's
   */
  static DocumentTableConfig configOf(Metadata metadata, String path) {
    String encoding = metadata.configuration(ID_ENCODING_PROPERTY, null);
    if (encoding == null) {
      throw new DeltaException(
          "Cannot open " + path + " as a document table: it has no " + ID_ENCODING_PROPERTY);
    }
    return new DocumentTableConfig(
        IdEncoding.valueOf(encoding),
        DocumentSchema.parse(
            BsonDocument.parse(metadata.configuration(PROMOTED_COLUMNS_PROPERTY, "{}"))),
        Long.parseLong(
            metadata.configuration(
                TARGET_FILE_SIZE_PROPERTY,
                Long.toString(DocumentWriteOptions.DEFAULT_TARGET_FILE_SIZE))));
  }

  public String path() {
    return delta.tablePath();
  }

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
    return new DocumentSnapshot(storage, snapshot, configOf(snapshot.metadata(), path()));
  }

  /**
   * Commits {@code changes} as one version, unless the idempotent writer {@code appId} has already
   * committed {@code writerVersion} or later (then nothing is written and the result reports the
   * version that holds it).
   *
   * @param appId the writer's id for Delta's {@code txn} action, or null for none
   */
  public CommitResult commit(TableChanges changes, String appId, long writerVersion) {
    Snapshot base = delta.snapshot();
    if (appId != null && base.transactionVersion(appId).orElse(-1) >= writerVersion) {
      return new CommitResult(base.version(), CommitResult.Status.ALREADY_COMMITTED, 0);
    }
    Transaction transaction = delta.startTransaction(base);
    List<BsonDocument> toWrite = new ArrayList<>(changes.inserts());
    toWrite.addAll(changes.replacements());
    if (changes.rewritesFiles()) {
      TreeSet<BsonValue> changed = new TreeSet<>(BsonComparisonOrder.INSTANCE);
      changes.replacements().forEach(d -> changed.add(d.get("_id")));
      changed.addAll(changes.deletes());
      List<AddFile> affected = new ArrayList<>();
      for (AddFile file : base.files()) {
        if (IdRanges.mayContainAny(file, config.idEncoding(), changed)
            && rewriteWithout(base.storagePath(file), changed, toWrite)) {
          affected.add(file);
        }
      }
      transaction.readFiles(affected);
      long now = clock.millis();
      affected.forEach(file -> transaction.remove(file.toRemove(now, true)));
    }
    List<WrittenDocumentFile> written = write(toWrite);
    long now = clock.millis();
    for (WrittenDocumentFile file : written) {
      transaction.add(
          new AddFile(
              relativePath(file.path()),
              Map.of(),
              file.sizeBytes(),
              now,
              true,
              file.statistics().toDeltaJson(),
              AddFileStats.tags(file.idBounds()),
              null,
              null,
              null,
              null));
    }
    if (appId != null) {
      transaction.setTransaction(appId, writerVersion);
    }
    transaction.operation(changes.rewritesFiles() ? "MERGE" : "WRITE", Map.of());
    return transaction.commit();
  }

  /**
   * Reads a file; if it holds any changed {@code _id}, adds its other documents to {@code keep} and
   * returns true (the file must be replaced).
   */
  private boolean rewriteWithout(
      String storagePath, TreeSet<BsonValue> changed, List<BsonDocument> keep) {
    List<BsonDocument> survivors = new ArrayList<>();
    boolean hit = false;
    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, storagePath, DocumentReadOptions.documents())) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        if (changed.contains(row.document().get("_id"))) {
          hit = true;
        } else {
          survivors.add(row.document());
        }
      }
    }
    if (hit) {
      keep.addAll(survivors);
    }
    return hit;
  }

  private List<WrittenDocumentFile> write(List<BsonDocument> documents) {
    if (documents.isEmpty()) {
      return List.of();
    }
    DocumentWriteOptions options =
        DocumentWriteOptions.defaults()
            .withSchema(config.schema())
            .withIdEncoding(config.idEncoding())
            .withTargetFileSizeBytes(config.targetFileSizeBytes());
    try (DocumentFileWriter writer = DocumentFileWriter.open(storage, delta.tablePath(), options)) {
      documents.forEach(writer::write);
      return writer.finish();
    }
  }

  private String relativePath(String storagePath) {
    String prefix = delta.tablePath().isEmpty() ? "" : delta.tablePath() + "/";
    return storagePath.startsWith(prefix) ? storagePath.substring(prefix.length()) : storagePath;
  }
}
