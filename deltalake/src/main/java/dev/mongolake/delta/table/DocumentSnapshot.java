package dev.mongolake.delta.table;

import dev.mongolake.delta.Cancellation;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.FileMetadataCache;
import dev.mongolake.delta.parquet.IdProbe;
import dev.mongolake.delta.parquet.IdRows;
import dev.mongolake.delta.query.FileStats;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.query.StatsPredicate;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongPredicate;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * One version of a document table: its files and the documents in them. Immutable; reading it is
 * thread-safe (each scan opens its own readers).
 *
 * <p>A file with a Delta deletion vector (a table Spark or another engine wrote with the {@code
 * deletionVectors} feature) holds the rows its vector deletes physically but not logically: every
 * read here (scans, column batches, lookups by {@code _id}) skips them, and {@link #count()}
 * subtracts the vector's cardinality. Each vector is read once per snapshot, when a read first
 * opens its file; a corrupt one fails that read with a {@code CorruptDeletionVectorException}.
 */
public final class DocumentSnapshot {

  private final Storage storage;
  private final Snapshot snapshot;
  private final DocumentTableConfig config;
  // Parsed once per snapshot, on the first filtered scan: repeated point reads then cost no JSON.
  private volatile List<Optional<FileStats>> fileStats;
  private volatile List<AddFile> files;
  private volatile List<DocumentCache.FileKey> cacheKeys;
  private volatile int[] newestFirst;
  private final Map<DeletionVectorDescriptor, DeletedRows> deletionVectors =
      new ConcurrentHashMap<>();

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

  /**
   * The rows of {@code file} its deletion vector deletes ({@link DeletedRows#none()} when it has
   * none), read when first asked for and then kept with this snapshot.
   *
   * @throws dev.mongolake.delta.exceptions.CorruptDeletionVectorException if the vector is corrupt
   * @throws dev.mongolake.delta.exceptions.DeltaException if its storage type is not supported
   */
  public DeletedRows deletedRows(AddFile file) {
    DeletionVectorDescriptor descriptor = file.deletionVector();
    if (descriptor == null) {
      return DeletedRows.none();
    }
    DeletedRows known = deletionVectors.get(descriptor);
    if (known == null) {
      known = snapshot.deletedRows(file);
      deletionVectors.putIfAbsent(descriptor, known);
    }
    return known;
  }

  /** What the readers skip in {@code file}: null when nothing (the readers' fast path). */
  LongPredicate skippedRows(AddFile file) {
    DeletedRows deleted = deletedRows(file);
    return deleted.isEmpty() ? null : deleted::contains;
  }

  /** How many data files are small enough for {@link DocumentTable#optimize()} to merge. */
  public long smallFileCount() {
    return files().stream().filter(file -> file.size() < config.smallFileBytes()).count();
  }

  /**
   * How many data files have deletion vectors that delete more than the config's {@link
   * DocumentTableConfig#purgeDeletedShare()} of their rows: {@link DocumentTable#optimize()}
   * rewrites them without those rows.
   */
  public long filesToPurgeCount() {
    return files().stream().filter(config::deletesEnoughToPurge).count();
  }

  /** The last version an idempotent writer committed under {@code appId} ({@code txn}). */
  public OptionalLong transactionVersion(String appId) {
    return snapshot.transactionVersion(appId);
  }

  /**
   * Every document, file by file (several files are read ahead in parallel). The caller must read
   * the iterator to its end or close the returned {@link DocumentScan}, which stops its readers.
   */
  public DocumentScan scan() {
    return new DocumentScan(this, (StatsPredicate) null, FilterCompat.NOOP, null);
  }

  /**
   * Every document of {@code files} (some of this snapshot's files, with their deletion vectors),
   * file by file, as {@link #scan()} reads them: what a comparison of two versions reads of the
   * files they do not share.
   */
  public DocumentScan scan(List<AddFile> files) {
    return new DocumentScan(this, List.copyOf(files), FilterCompat.NOOP, null);
  }

  /**
   * The documents of {@code files} (some of this snapshot's files) at the rows {@code skipped} does
   * not name, in place of the files' deletion vectors: a comparison of two versions that share a
   * file reads only the rows one's vector deletes and the other's does not.
   *
   * @param skipped for each file, the physical row indexes to skip (null: none)
   */
  public DocumentScan scanRows(List<AddFile> files, Function<AddFile, LongPredicate> skipped) {
    return new DocumentScan(this, List.copyOf(files), FilterCompat.NOOP, null, null, skipped);
  }

  /**
   * Like {@link #scan(Filter)} (or {@link #scan()} for a null filter), but returning each document
   * as {@code projection} makes it: in a file where every path of the projection is an exact
   * promoted column (see {@code ColumnExactness}), only {@code _id} and those columns are read and
   * the document is never decoded; other files are read whole and projected. The filter is checked
   * on the projected documents, so it must read only the projection's paths and {@code _id}. {@link
   * ScanMetrics#filesReadFromColumns()} tells how many files were read from columns.
   */
  public DocumentScan scan(Filter filter, ColumnProjection projection) {
    Objects.requireNonNull(projection, "projection");
    if (filter == null) {
      return new DocumentScan(this, files(), FilterCompat.NOOP, null, projection);
    }
    return new DocumentScan(
        this,
        filesThatMayMatch(filter.toStatsPredicate()),
        ScanPredicate.of(filter, config),
        filter,
        projection);
  }

  /**
   * The files a columnar read of {@code columns} (dotted paths) must look at for the documents
   * matching {@code filter} (null: every document), in scan order: those whose Delta statistics do
   * not rule a match out. Each file then skips the row groups and pages its Parquet predicate rules
   * out; see {@link ColumnFile}.
   */
  public List<ColumnFile> columnFiles(Filter filter, List<String> columns) {
    List<AddFile> candidates =
        filter == null ? files() : filesThatMayMatch(filter.toStatsPredicate());
    FilterCompat.Filter parquetFilter =
        filter == null ? FilterCompat.NOOP : ScanPredicate.of(filter, config);
    List<ColumnFile> out = new ArrayList<>(candidates.size());
    for (AddFile file : candidates) {
      out.add(
          new ColumnFile(
              storage,
              snapshot.storagePath(file),
              file.size(),
              List.copyOf(columns),
              parquetFilter,
              config.idEncoding(),
              deletedRows(file)));
    }
    return out;
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

  /**
   * How many documents this version holds: each file's {@code numRecords} statistic less the
   * cardinality of its deletion vector (from the {@code add} action: the vector itself is not
   * read), and, for the files whose statistics lack it (or cannot be read), the documents read from
   * the file itself. A table holds one document per {@code _id}, so the sum is exact; a table whose
   * files all carry statistics opens no data file.
   */
  public long count() {
    List<AddFile> all = files();
    List<Optional<FileStats>> stats = fileStats();
    long total = 0;
    List<AddFile> unknown = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      AddFile file = all.get(i);
      if (stats.get(i).isPresent()) {
        // The protocol requires numRecords on a file with a deletion vector: it counts every
        // physical row, the vector's cardinality the deleted ones.
        DeletionVectorDescriptor deleted = file.deletionVector();
        total += stats.get(i).get().numRecords() - (deleted == null ? 0 : deleted.cardinality());
      } else {
        unknown.add(file);
      }
    }
    if (!unknown.isEmpty()) {
      try (DocumentScan scan = new DocumentScan(this, unknown, FilterCompat.NOOP, null)) {
        while (scan.hasNext()) {
          scan.next();
          total++;
        }
      }
    }
    return total;
  }

  /** How many files {@link #count()} reads: those without a usable {@code numRecords} statistic. */
  public int filesCountedByReading() {
    List<AddFile> all = files();
    List<Optional<FileStats>> stats = fileStats();
    int unknown = 0;
    for (int i = 0; i < all.size(); i++) {
      if (stats.get(i).isEmpty()) {
        unknown++;
      }
    }
    return unknown;
  }

  /**
   * This version's documents matching a MongoDB filter: {@code scan(Filter.parse(filter))}.
   *
   * @throws dev.mongolake.delta.exceptions.QueryException if the filter is malformed
   */
  public DocumentScan query(BsonDocument filter) {
    return scan(Filter.parse(filter));
  }

  /**
   * The document stored under {@code id}, found as {@code scan(Filter.parse({_id: id}))} would find
   * it, but answered from {@link DocumentCache#shared()} when this file and id were looked up
   * before: point reads of hot documents then open no file at all. A table holds at most one
   * document per {@code _id} (equal numbers count as one, as in MongoDB's unique {@code _id}).
   *
   * @param id a plain value: not a regular expression, array, null or operator document, which
   *     match by pattern, element or absence rather than by one {@code _id}
   */
  public Optional<BsonDocument> findById(BsonValue id) {
    return lookupById(id).document();
  }

  /**
   * {@link #findById}, with what it read. Each file the {@code _id} statistics in its {@code add}
   * action admit is asked, in turn: the document cache (the document or its absence, remembered per
   * file and id), then the file's {@code _id} statistics and bloom filters as {@link
   * FileMetadataCache} keeps them ({@link IdProbe}: no storage request once cached), and only a
   * file that may hold the id is opened, where the column index leaves the one page whose bounds
   * admit it and the record filter decodes the one matching row. With uniformly random ids every
   * file's range admits every id, and the bloom filters leave about one file to open.
   *
   * <p>Files are asked newest first (by the time each was written): a document's live version is in
   * a file written after every file that holds one of its replaced versions, which deletion vectors
   * leave in place, so a lookup of a recently updated document stops at the file that holds it
   * instead of first finding each older version's row deleted.
   *
   * <p>In the metrics, {@code filesOpened} counts files whose storage was read (a footer or bloom
   * filter not cached yet included) and {@code filesSkipped} the others.
   */
  public PointLookup lookupById(BsonValue id) {
    Filter filter = Filter.parse(new BsonDocument("_id", id));
    StatsPredicate statsPredicate = filter.toStatsPredicate();
    Optional<Comparable<?>> stored = IdPushdown.storedEquality(id, config.idEncoding());
    long hash = stored.map(IdProbe::hash).orElse(0L);
    // Built on the first cache miss only: a hit needs no Parquet predicate.
    FilterCompat.Filter parquetFilter = null;
    DocumentCache cache = DocumentCache.shared();
    LookupCounts counts = new LookupCounts();
    Optional<BsonDocument> found = Optional.empty();
    List<Optional<FileStats>> stats = fileStats();
    for (int i : newestFirst()) {
      if (!mayMatch(stats.get(i), statsPredicate)) {
        continue;
      }
      DocumentCache.FileKey file = cacheKeys().get(i);
      Optional<BsonDocument> known = cache.lookup(file, id);
      if (known == null) {
        if (stored.isPresent()) {
          IdProbe.Result probe =
              IdProbe.probe(
                  storage,
                  file.path(),
                  file.size(),
                  FileMetadataCache.shared(),
                  stored.get(),
                  hash);
          if (!probe.mayHold()) {
            counts.filesOpened += probe.fetched() ? 1 : 0;
            continue;
          }
        }
        if (parquetFilter == null) {
          // The _id equality alone: the first pass reads the _id column and nothing else.
          parquetFilter =
              IdPushdown.of(filter.root(), config.idEncoding())
                  .map(FilterCompat::get)
                  .orElse(FilterCompat.NOOP);
        }
        known =
            readById(
                file.path(),
                file.size(),
                stored,
                parquetFilter,
                filter,
                skippedRows(files().get(i)),
                counts);
        cache.remember(file, id, known.orElse(null));
      }
      if (known.isPresent()) {
        found = known;
        break;
      }
    }
    int total = files().size();
    return new PointLookup(
        found,
        new ScanMetrics(
            total,
            total - counts.filesOpened,
            counts.filesOpened,
            counts.rowGroupsTotal,
            counts.rowGroupsRead,
            counts.rowsRead,
            found.isPresent() ? 1 : 0,
            0,
            counts.pagesRead));
  }

  /** What one lookup by {@code _id} read, summed over the files it opened. */
  private static final class LookupCounts {
    int filesOpened;
    long rowGroupsTotal;
    long rowGroupsRead;
    long rowsRead;
    long pagesRead;
  }

  private Optional<BsonDocument> readById(
      String path,
      long size,
      Optional<Comparable<?>> storedId,
      FilterCompat.Filter parquetFilter,
      Filter filter,
      LongPredicate deletedRows,
      LookupCounts counts) {
    counts.filesOpened++;
    if (parquetFilter == FilterCompat.NOOP || storedId.isEmpty()) {
      // An id whose equal values may be stored differently: no stored value to look for.
      return scanForId(path, size, filter, deletedRows, counts);
    }
    Comparable<?> stored = storedId.get();
    // Two passes: where the id is (the _id pages the column index admits, nothing decoded), then
    // that one row (of each other column only the page holding it).
    IdRows.Found found =
        IdRows.locate(
            storage, path, size, stored, parquetFilter, deletedRows, FileMetadataCache.shared());
    counts.rowGroupsTotal += found.rowGroupCount();
    counts.rowGroupsRead += found.rowGroupsRead();
    long pages = found.pagesRead();
    try {
      for (long position : found.positions()) {
        try (DocumentFileReader reader =
            DocumentFileReader.openRow(storage, path, size, position, FileMetadataCache.shared())) {
          DocumentRow row = reader.next();
          pages = Math.max(pages, reader.pagesRead());
          if (row == null) {
            throw new IllegalStateException(
                "Cannot read row " + position + " of " + path + ": the file has fewer rows");
          }
          counts.rowsRead++;
          if (filter.matches(row.document())) {
            return Optional.of(row.document());
          }
        }
      }
      return Optional.empty();
    } finally {
      counts.pagesRead += pages;
    }
  }

  /** A lookup that reads every row the filter's pushed-down part leaves, checking each. */
  private Optional<BsonDocument> scanForId(
      String path, long size, Filter filter, LongPredicate deletedRows, LookupCounts counts) {
    DocumentReadOptions options = DocumentReadOptions.documents().withDeletedRows(deletedRows);
    try (DocumentFileReader reader =
        DocumentFileReader.open(storage, path, size, options, FileMetadataCache.shared())) {
      try {
        for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
          counts.rowsRead++;
          if (filter.matches(row.document())) {
            return Optional.of(row.document());
          }
        }
      } finally {
        counts.rowGroupsTotal += reader.rowGroupCount();
        counts.rowGroupsRead += reader.rowGroupsRead();
        counts.pagesRead += reader.pagesRead();
      }
    }
    return Optional.empty();
  }

  /** The files whose statistics do not rule out a match (files without statistics included). */
  private List<AddFile> filesThatMayMatch(StatsPredicate statsPredicate) {
    List<AddFile> all = files();
    int[] indexes = indexesThatMayMatch(statsPredicate);
    List<AddFile> kept = new ArrayList<>(indexes.length);
    for (int i : indexes) {
      kept.add(all.get(i));
    }
    return kept;
  }

  /** Whether a file with these statistics may hold a match (one without may hold anything). */
  private static boolean mayMatch(Optional<FileStats> stats, StatsPredicate statsPredicate) {
    return stats.isEmpty() || statsPredicate.mayMatch(stats.get());
  }

  /** The positions in {@link #files()}, of the file written last first. */
  private int[] newestFirst() {
    int[] order = newestFirst;
    if (order == null) {
      List<AddFile> all = files();
      order =
          java.util.stream.IntStream.range(0, all.size())
              .boxed()
              .sorted(
                  java.util.Comparator.<Integer>comparingLong(i -> all.get(i).modificationTime())
                      .thenComparingInt(i -> i)
                      .reversed())
              .mapToInt(Integer::intValue)
              .toArray();
      newestFirst = order;
    }
    return order;
  }

  /** The positions in {@link #files()} of the files {@link #filesThatMayMatch} keeps. */
  private int[] indexesThatMayMatch(StatsPredicate statsPredicate) {
    List<Optional<FileStats>> all = fileStats();
    int[] kept = new int[all.size()];
    int count = 0;
    for (int i = 0; i < all.size(); i++) {
      if (mayMatch(all.get(i), statsPredicate)) {
        kept[count++] = i;
      }
    }
    return count == kept.length ? kept : Arrays.copyOf(kept, count);
  }

  /**
   * Each file's key in the document cache, in {@link #files()} order: resolving a file's storage
   * path and hashing it is work a point read would otherwise repeat.
   */
  private List<DocumentCache.FileKey> cacheKeys() {
    List<DocumentCache.FileKey> keys = cacheKeys;
    if (keys == null) {
      keys =
          files().stream()
              .map(
                  file ->
                      new DocumentCache.FileKey(
                          storage,
                          snapshot.storagePath(file),
                          file.size(),
                          file.deletionVector() == null ? null : file.deletionVector().uniqueId()))
              .toList();
      cacheKeys = keys;
    }
    return keys;
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

  /**
   * Documents of a set of files, in file order. The files that statistics do not rule out are read
   * ahead in parallel, up to {@value #FILES_IN_FLIGHT} at a time, each on a virtual thread with a
   * bounded buffer (see {@link FileRows}): opening a file costs round trips (footer, indexes, bloom
   * filter), which object stores make slow, and decoding uses every core. A scan of a single file
   * reads it on the caller's thread. The iterator itself is single-threaded.
   */
  public static final class DocumentScan implements Iterator<BsonDocument>, AutoCloseable {
    /** Files read at once by one scan. */
    static final int FILES_IN_FLIGHT = 4;

    /** A mask: the inline reader checks for {@link Cancellation} once per 1,024 rows read. */
    private static final long ROWS_BETWEEN_CANCELLATION_CHECKS = 1023;

    private final DocumentSnapshot snapshot;
    private final Function<AddFile, LongPredicate> skipped;
    private final List<AddFile> candidates;
    private final DocumentReadOptions readOptions;
    private final Function<DocumentRow, BsonDocument> rowDocument;
    private final Filter residual;
    private final int filesTotal;
    private final int filesSkipped;
    private final ArrayDeque<FileRows> inFlight = new ArrayDeque<>();
    private int nextCandidate;
    private int filesOpened;
    private long rowGroupsTotal;
    private long rowGroupsRead;
    private long pagesRead;
    private long rowsRead;
    private long rowsMatched;
    private int filesReadFromColumns;
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
      this(
          snapshot,
          statsPredicate == null ? snapshot.files() : snapshot.filesThatMayMatch(statsPredicate),
          parquetFilter,
          residual);
    }

    /** A scan of {@code candidates} only, some of the snapshot's files. */
    DocumentScan(
        DocumentSnapshot snapshot,
        List<AddFile> candidates,
        FilterCompat.Filter parquetFilter,
        Filter residual) {
      this(snapshot, candidates, parquetFilter, residual, null);
    }

    /** A scan returning documents as {@code projection} makes them, or whole when it is null. */
    DocumentScan(
        DocumentSnapshot snapshot,
        List<AddFile> candidates,
        FilterCompat.Filter parquetFilter,
        Filter residual,
        ColumnProjection projection) {
      this(snapshot, candidates, parquetFilter, residual, projection, snapshot::skippedRows);
    }

    /** A scan that skips the rows {@code skipped} names for each file (null: none). */
    DocumentScan(
        DocumentSnapshot snapshot,
        List<AddFile> candidates,
        FilterCompat.Filter parquetFilter,
        Filter residual,
        ColumnProjection projection,
        Function<AddFile, LongPredicate> skipped) {
      this.skipped = skipped;
      this.snapshot = snapshot;
      this.filesTotal = snapshot.files().size();
      this.candidates = candidates;
      this.filesSkipped = filesTotal - candidates.size();
      DocumentReadOptions whole = DocumentReadOptions.documents().withFilter(parquetFilter);
      this.readOptions =
          projection == null
              ? whole
              : whole.withColumnsWhenExact(new HashSet<>(projection.paths()));
      this.rowDocument = projection == null ? DocumentRow::document : projection::of;
      this.residual = residual;
    }

    @Override
    public boolean hasNext() {
      if (candidates.size() == 1) {
        return hasNextInline();
      }
      while (next == null) {
        if (inFlight.isEmpty() && !startMore()) {
          return false;
        }
        Object item = inFlight.peekFirst().take();
        switch (item) {
          case BsonDocument document -> next = document;
          case FileRows.Done done -> {
            inFlight.pollFirst();
            rowGroupsTotal += done.rowGroups();
            rowGroupsRead += done.rowGroupsRead();
            pagesRead += done.pagesRead();
            rowsRead += done.rowsRead();
            rowsMatched += done.rowsMatched();
            filesReadFromColumns += done.fromColumns() ? 1 : 0;
            startMore();
          }
          case FileRows.Failed failed -> {
            close();
            throw failed.error();
          }
          default -> throw new IllegalStateException("Unexpected scan item " + item);
        }
      }
      return true;
    }

    /** Keeps {@value #FILES_IN_FLIGHT} files reading; false when none is left to read. */
    private boolean startMore() {
      while (inFlight.size() < FILES_IN_FLIGHT && nextCandidate < candidates.size()) {
        AddFile file = candidates.get(nextCandidate++);
        inFlight.addLast(
            FileRows.start(
                snapshot.storage,
                snapshot.snapshot.storagePath(file),
                file.size(),
                readOptions.withDeletedRows(skipped.apply(file)),
                rowDocument,
                residual));
        filesOpened++;
      }
      return !inFlight.isEmpty();
    }

    /** One file: no thread hand-off, which a point read would only pay for. */
    private boolean hasNextInline() {
      while (next == null) {
        if (reader == null) {
          if (nextCandidate == candidates.size()) {
            return false;
          }
          AddFile file = candidates.get(nextCandidate++);
          reader =
              DocumentFileReader.open(
                  snapshot.storage,
                  snapshot.snapshot.storagePath(file),
                  file.size(),
                  readOptions.withDeletedRows(skipped.apply(file)),
                  FileMetadataCache.shared());
          filesOpened++;
          filesReadFromColumns += reader.readsDocument() ? 0 : 1;
        }
        DocumentRow row = reader.next();
        if (row == null) {
          closeReader();
          return false;
        }
        if ((++rowsRead & ROWS_BETWEEN_CANCELLATION_CHECKS) == 0) {
          Cancellation.checkpoint();
        }
        BsonDocument document = rowDocument.apply(row);
        if (residual == null || residual.matches(document)) {
          rowsMatched++;
          next = document;
        }
      }
      return true;
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

    /**
     * What the scan has read so far (files still being read count once finished); final once {@link
     * #hasNext()} has returned false.
     */
    public ScanMetrics metrics() {
      long groupsTotal = rowGroupsTotal + (reader == null ? 0 : reader.rowGroupCount());
      long groupsRead = rowGroupsRead + (reader == null ? 0 : reader.rowGroupsRead());
      return new ScanMetrics(
          filesTotal,
          filesSkipped,
          filesOpened,
          groupsTotal,
          groupsRead,
          rowsRead,
          rowsMatched,
          filesReadFromColumns,
          pagesRead + (reader == null ? 0 : reader.pagesRead()));
    }

    @Override
    public void close() {
      if (reader != null) {
        closeReader();
      }
      while (!inFlight.isEmpty()) {
        inFlight.pollFirst().cancel();
      }
    }

    private void closeReader() {
      DocumentFileReader closing = reader;
      reader = null;
      rowGroupsTotal += closing.rowGroupCount();
      rowGroupsRead += closing.rowGroupsRead();
      pagesRead += closing.pagesRead();
      closing.close();
    }
  }
}
