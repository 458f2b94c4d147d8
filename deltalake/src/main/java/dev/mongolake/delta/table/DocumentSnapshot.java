package dev.mongolake.delta.table;

import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentReadOptions;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.storage.Storage;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import org.bson.BsonDocument;

/**
 * One version of a document table: its files and the documents in them. Immutable; reading it is
 * thread-safe (each scan opens its own readers).
 */
public final class DocumentSnapshot {

  private final Storage storage;
  private final Snapshot snapshot;

  DocumentSnapshot(Storage storage, Snapshot snapshot) {
    this.storage = storage;
    this.snapshot = snapshot;
  }

  /** The Delta version. */
  public long version() {
    return snapshot.version();
  }

  /** The underlying Delta snapshot. */
  public Snapshot delta() {
    return snapshot;
  }

  /** The data files. */
  public List<AddFile> files() {
    return snapshot.files();
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
    return new DocumentScan(storage, snapshot.storagePaths().iterator());
  }

  /** Documents of a set of files, one open file at a time. */
  public static final class DocumentScan implements Iterator<BsonDocument>, AutoCloseable {
    private final Storage storage;
    private final Iterator<String> paths;
    private DocumentFileReader reader;
    private BsonDocument next;

    DocumentScan(Storage storage, Iterator<String> paths) {
      this.storage = storage;
      this.paths = paths;
    }

    @Override
    public boolean hasNext() {
      while (next == null) {
        if (reader != null) {
          DocumentRow row = reader.next();
          if (row != null) {
            next = row.document();
            continue;
          }
          reader.close();
          reader = null;
        }
        if (!paths.hasNext()) {
          return false;
        }
        reader = DocumentFileReader.open(storage, paths.next(), DocumentReadOptions.documents());
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

    @Override
    public void close() {
      if (reader != null) {
        reader.close();
        reader = null;
      }
    }
  }
}
