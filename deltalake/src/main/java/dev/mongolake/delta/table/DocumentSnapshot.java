package dev.mongolake.delta.table;

import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.query.FileStats;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.StatsPredicate;
import dev.mongolake.delta.storage.Storage;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.bson.BsonDocument;

/**
 * One version of a document table: its files and the documents in them. Immutable; reading it is
 * thread-safe (each scan opens its own readers).
 */
public final class DocumentSnapshot {

  private final Storage storage;
  private final Snapshot snapshot;
  private final DocumentTableConfig config;
  // Parsed once per snapshot, on the first filtered scan: repeated point reads then cost no JSON.
  private volatile List<Optional<FileStats>> fileStats;
  private volatile List<AddFile> files;

  DocumentSnapshot(Storage storage, Snapshot snapshot, DocumentTableConfig config) {
    this.storage = storage;
    this.snapshot = snapshot;
    this.config = config;
  }

  /** The Delta version. */
  public long version() {
    return snapshot.version();
  }

  /** The underlying Delta snapshot. */
  public Snapshot delta() {
    return snapshot;
  }

  /** How this version stores documents ({@code _id} encoding, promoted columns). */
  public DocumentTableConfig config() {
    return config;
  }

  /** The data files, in log order. */
  public List<AddFile> files() {
    List<AddFile> list = files;
    if (list == null) {
      list = snapshot.files();
      files = list;
    }
    return list;
  }

  /** The last version an idempotent writer committed under {@code appId} ({@code txn}). */
  public OptionalLong transactionVersion(String appId) {
    return snapshot.transactionVersion(appId);
  }

  /**
   * Every document, file by file. The caller must read the iterator to its end or close the
   * returned {@link DocumentScan}, which holds at most one open file.
   */
  public DocumentScan scan() {
    return new DocumentScan(this, null, FilterCompat.NOOP, null);
  }

  /**
   * The documents that match {@code filter}, file by file, exactly as a full scan followed by
   * {@link Filter#matches} would return them, but reading less: files whose Delta statistics
   * ({@code _id} and scalar promoted columns) prove that no document matches are not opened; within
   * a file, row groups and pages are skipped by the Parquet predicate on promoted columns and
   * {@code _id} (statistics, column indexes and, for {@code _id} equality and {@code $in}, the
   * {@code _id} bloom filter); every remaining document is checked against the whole filter. {@link
   * DocumentScan#metrics()} tells what was read.
   *
   * <p>The caller must read the iterator to its end or close the returned scan. {@link
   * Filter#matches} failures (such as {@code $expr} without an evaluator) surface from {@link
   * DocumentScan#hasNext()}.
   */
  public DocumentScan scan(Filter filter) {
    Objects.requireNonNull(filter, "filter");
    return new DocumentScan(
        this, filter.toStatsPredicate(), ScanPredicate.of(filter, config), filter);
  }

  /** The statistics of each file, in {@link #files()} order. */
  private List<Optional<FileStats>> fileStats() {
    List<Optional<FileStats>> stats = fileStats;
    if (stats == null) {
      stats = files().stream().map(file -> AddFileStats.of(file, config)).toList();
      fileStats = stats;
    }
    return stats;
  }

  /** Documents of a set of files, one open file at a time. Single-threaded. */
  public static final class DocumentScan implements Iterator<BsonDocument>, AutoCloseable {
    private final DocumentSnapshot snapshot;
    private final List<AddFile> files;
    private int nextFile;
    private final StatsPredicate statsPredicate;
    private final DocumentReadOptions readOptions;
    private final Filter residual;
    private final int filesTotal;
    private int filesSkipped;
    private int filesOpened;
    private long rowGroupsTotal;
    private long rowGroupsRead;
    private long rowsRead;
    private long rowsMatched;
    private DocumentFileReader reader;
    private BsonDocument next;

    /**
     * @param statsPredicate file pruning, or null for none
     * @param residual the filter every returned document must match, or null for none
     */
    DocumentScan(
        DocumentSnapshot snapshot,
        StatsPredicate statsPredicate,
        FilterCompat.Filter parquetFilter,
        Filter residual) {
      this.snapshot = snapshot;
      this.files = snapshot.files();
      this.filesTotal = files.size();
      this.statsPredicate = statsPredicate;
      this.readOptions = DocumentReadOptions.documents().withFilter(parquetFilter);
      this.residual = residual;
    }

    @Override
    public boolean hasNext() {
      while (next == null) {
        if (reader != null) {
          DocumentRow row = reader.next();
          if (row != null) {
            rowsRead++;
            if (residual == null || residual.matches(row.document())) {
              rowsMatched++;
              next = row.document();
            }
            continue;
          }
          closeReader();
        }
        if (!openNextFile()) {
          return false;
        }
      }
      return true;
    }

    private boolean openNextFile() {
      while (nextFile < filesTotal) {
        int index = nextFile++;
        AddFile file = files.get(index);
        if (statsPredicate != null) {
          Optional<FileStats> stats = snapshot.fileStats().get(index);
          if (stats.isPresent() && !statsPredicate.mayMatch(stats.get())) {
            filesSkipped++;
            continue;
          }
        }
        reader =
            DocumentFileReader.open(
                snapshot.storage, snapshot.snapshot.storagePath(file), file.size(), readOptions);
        filesOpened++;
        return true;
      }
      return false;
    }

    @Override
    public BsonDocument next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      BsonDocument current = next;
      next = null;
      return current;
    }

    /** What the scan has read so far; final once {@link #hasNext()} has returned false. */
    public ScanMetrics metrics() {
      long groupsTotal = rowGroupsTotal + (reader == null ? 0 : reader.rowGroupCount());
      long groupsRead = rowGroupsRead + (reader == null ? 0 : reader.rowGroupsRead());
      return new ScanMetrics(
          filesTotal, filesSkipped, filesOpened, groupsTotal, groupsRead, rowsRead, rowsMatched);
    }

    @Override
    public void close() {
      if (reader != null) {
        closeReader();
      }
    }

    private void closeReader() {
      DocumentFileReader closing = reader;
      reader = null;
      rowGroupsTotal += closing.rowGroupCount();
      rowGroupsRead += closing.rowGroupsRead();
      closing.close();
    }
  }
}
