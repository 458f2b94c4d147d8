package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.RestoreResult;
import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.index.IndexKey;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WalRecordCodec;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A collection made again what it was at a past point (a cluster time, or a version of its table):
 * the difference between the two states, applied as one log record, like a committed transaction.
 * Every document the point held and the present does not is inserted, every one that differs
 * replaced by its earlier version, every one the point did not hold deleted; the indexes follow as
 * for any write, and change streams see one event per document changed. Writers of the collection
 * wait while it runs.
 *
 * <p>The past state is compared by digest first (its {@code _id}s with a 128-bit digest of each
 * document), so that memory holds ids, not documents; documents are read again only for the ones
 * that change. The change must fit one log record ({@link EngineTransaction#MAX_BYTES}): a larger
 * one is refused with TransactionTooLarge, never applied in parts.
 */
final class CollectionRestore {

  private final CollectionRegistry collections;
  private final WriteAheadLog wal;
  private final LogApplier applier;
  private final ReadPath reads;

  CollectionRestore(
      CollectionRegistry collections, WriteAheadLog wal, LogApplier applier, ReadPath reads) {
    this.collections = collections;
    this.wal = wal;
    this.applier = applier;
    this.reads = reads;
  }

  /**
   * Makes {@code namespace} what {@code past} (a read-only engine of a past point) holds of it.
   *
   * @throws MongoLakeException TransactionTooLarge for a difference larger than one log record,
   *     DuplicateKey when a unique index made since the point refuses the earlier documents,
   *     IllegalOperation for a capped collection
   */
  RestoreResult restore(Namespace namespace, Engine past) {
    NavigableMap<BsonValue, Digest> then = digests(past.reads(), namespace);
    CollectionState state = collections.locked(namespace);
    WriteAheadLog.Appended appended;
    long inserted = 0;
    long replaced = 0;
    long deleted = 0;
    try {
      if (state.capped() != null) {
        throw new MongoLakeException(
            ErrorCode.ILLEGAL_OPERATION,
            "Cannot restore capped collection " + namespace + ": its order is not in its history");
      }
      List<WalRecord> changes = new ArrayList<>();
      Size size = new Size(namespace);
      boolean images = state.preAndPostImages();
      try (CloseableIterator<BsonDocument> now = reads.scan(namespace, Long.MAX_VALUE)) {
        while (now.hasNext()) {
          BsonDocument current = now.next();
          BsonValue id = current.get("_id");
          Digest earlier = then.remove(id);
          if (earlier == null) {
            changes.add(size.add(new WalRecord.Delete(namespace, id, images ? current : null)));
            deleted++;
          } else if (!earlier.equals(Digest.of(current))) {
            BsonDocument document = lookUp(past, namespace, id);
            changes.add(
                size.add(new WalRecord.Replace(namespace, document, images ? current : null)));
            replaced++;
          }
        }
      }
      for (BsonValue id : then.keySet()) {
        changes.add(size.add(new WalRecord.Insert(namespace, lookUp(past, namespace, id))));
        inserted++;
      }
      if (changes.isEmpty()) {
        return new RestoreResult(0, 0, 0);
      }
      checkUnique(state, changes);
      appended = wal.append(new WalRecord.Transaction(changes, null, 0), applier);
    } finally {
      state.writeLock().unlock();
    }
    appended.awaitDurable();
    return new RestoreResult(inserted, replaced, deleted);
  }

  private static NavigableMap<BsonValue, Digest> digests(ReadPath past, Namespace namespace) {
    NavigableMap<BsonValue, Digest> digests = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    try (CloseableIterator<BsonDocument> documents = past.scan(namespace, past.readSequence())) {
      while (documents.hasNext()) {
        BsonDocument document = documents.next();
        digests.put(document.get("_id"), Digest.of(document));
      }
    }
    return digests;
  }

  private static BsonDocument lookUp(Engine past, Namespace namespace, BsonValue id) {
    BsonDocument filter = new BsonDocument("_id", id);
    try (CloseableIterator<BsonDocument> found =
        past.reads()
            .candidates(
                namespace,
                filter,
                dev.mongolake.delta.query.Filter.parse(filter),
                past.reads().readSequence())) {
      if (!found.hasNext()) {
        throw new MongoLakeException(
            ErrorCode.INTERNAL_ERROR,
            "Cannot restore " + namespace + ": the past state lost the document it listed");
      }
      return found.next();
    }
  }

  /**
   * The restored documents against the unique indexes: those of the present (a key held by a
   * document the restore changes not counting) and each other.
   */
  private static void checkUnique(CollectionState state, List<WalRecord> changes) {
    Set<BsonValue> touched = new TreeSet<>(BsonComparisonOrder.INSTANCE);
    List<BsonDocument> restored = new ArrayList<>();
    for (WalRecord change : changes) {
      switch (change) {
        case WalRecord.Insert insert -> restored.add(insert.document());
        case WalRecord.Replace replace -> restored.add(replace.document());
        default -> {}
      }
      touched.add(
          change instanceof WalRecord.Delete delete
              ? delete.id()
              : change instanceof WalRecord.Insert insert
                  ? insert.document().get("_id")
                  : ((WalRecord.Replace) change).document().get("_id"));
    }
    for (BsonDocument document : restored) {
      state.indexes().check(document, touched::contains);
    }
    for (SecondaryIndex index : state.indexes().uniqueIndexes()) {
      Map<IndexKey, BsonValue> holders = new HashMap<>();
      for (BsonDocument document : restored) {
        for (IndexKey key : index.keys(document)) {
          BsonValue other = holders.putIfAbsent(key, document.get("_id"));
          if (other != null) {
            throw state.indexes().duplicate(index, key);
          }
        }
      }
    }
  }

  /** The log record's size so far, refused past one record's room. */
  private static final class Size {
    private final Namespace namespace;
    private long bytes;

    Size(Namespace namespace) {
      this.namespace = namespace;
    }

    WalRecord add(WalRecord change) {
      bytes += WalRecordCodec.encode(change).length;
      if (bytes > EngineTransaction.MAX_BYTES) {
        throw new MongoLakeException(
            ErrorCode.TRANSACTION_TOO_LARGE,
            "Cannot restore "
                + namespace
                + ": the difference from the point is more than "
                + EngineTransaction.MAX_BYTES
                + " bytes, more than one log record holds");
      }
      return change;
    }
  }

  /** A 128-bit digest of a document's BSON bytes: equal documents, equal digests. */
  private record Digest(long high, long low) {

    static Digest of(BsonDocument document) {
      byte[] hash = md5().digest(BsonBytesEncoder.encode(document));
      long high = 0;
      long low = 0;
      for (int i = 0; i < 8; i++) {
        high = (high << 8) | (hash[i] & 0xFF);
        low = (low << 8) | (hash[i + 8] & 0xFF);
      }
      return new Digest(high, low);
    }

    private static MessageDigest md5() {
      try {
        // For equality of documents, not for security.
        return MessageDigest.getInstance("MD5");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public String toString() {
      return Arrays.toString(new long[] {high, low});
    }
  }
}
