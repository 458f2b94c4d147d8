package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.RestoreResult;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.internal.index.IndexKey;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import java.util.ArrayList;
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
    return restore(List.of(namespace), past);
  }

  /**
   * Makes every collection of {@code namespaces} what {@code past} holds of it, all in one log
   * record: a collection the point did not hold is emptied (it stays, with its indexes).
   */
  RestoreResult restore(List<Namespace> namespaces, Engine past) {
    List<Namespace> ordered = new ArrayList<>(namespaces);
    ordered.sort(java.util.Comparator.comparing(Namespace::fullName));
    Map<Namespace, NavigableMap<BsonValue, DocumentDigest>> then = new HashMap<>();
    for (Namespace namespace : ordered) {
      then.put(namespace, digests(past.reads(), namespace));
    }
    List<CollectionState> held = new ArrayList<>();
    WriteAheadLog.Appended appended;
    long[] counts = new long[3];
    try {
      for (Namespace namespace : ordered) {
        held.add(collections.locked(namespace));
      }
      List<WalRecord> changes = new ArrayList<>();
      RecordSize size =
          new RecordSize(
              "restore " + (ordered.size() == 1 ? ordered.getFirst().toString() : "the database"),
              "the difference from the point");
      for (int i = 0; i < ordered.size(); i++) {
        List<WalRecord> own =
            differences(held.get(i), then.get(ordered.get(i)), past, size, counts);
        checkUnique(held.get(i), own);
        changes.addAll(own);
      }
      if (changes.isEmpty()) {
        return new RestoreResult(0, 0, 0);
      }
      appended = wal.append(new WalRecord.Transaction(changes, null, 0), applier);
    } finally {
      held.forEach(state -> state.writeLock().unlock());
    }
    appended.awaitDurable();
    return new RestoreResult(counts[0], counts[1], counts[2]);
  }

  /**
   * What makes {@code state}'s collection what the past's digests say it was: inserts, replaces and
   * deletes, counted into {@code counts} (inserted, replaced, deleted). Caller holds the lock.
   */
  private List<WalRecord> differences(
      CollectionState state,
      NavigableMap<BsonValue, DocumentDigest> then,
      Engine past,
      RecordSize size,
      long[] counts) {
    Namespace namespace = state.namespace();
    if (state.capped() != null) {
      throw new MongoLakeException(
          ErrorCode.ILLEGAL_OPERATION,
          "Cannot restore capped collection " + namespace + ": its order is not in its history");
    }
    List<WalRecord> changes = new ArrayList<>();
    boolean images = state.preAndPostImages();
    try (CloseableIterator<BsonDocument> now = reads.scan(namespace, Long.MAX_VALUE)) {
      while (now.hasNext()) {
        BsonDocument current = now.next();
        BsonValue id = current.get("_id");
        DocumentDigest earlier = then.remove(id);
        if (earlier == null) {
          changes.add(size.add(new WalRecord.Delete(namespace, id, images ? current : null)));
          counts[2]++;
        } else if (!earlier.equals(DocumentDigest.of(current))) {
          BsonDocument document = lookUp(past, namespace, id);
          changes.add(
              size.add(new WalRecord.Replace(namespace, document, images ? current : null)));
          counts[1]++;
        }
      }
    }
    for (BsonValue id : then.keySet()) {
      changes.add(size.add(new WalRecord.Insert(namespace, lookUp(past, namespace, id))));
      counts[0]++;
    }
    return changes;
  }

  private static NavigableMap<BsonValue, DocumentDigest> digests(
      ReadPath past, Namespace namespace) {
    NavigableMap<BsonValue, DocumentDigest> digests = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    try (CloseableIterator<BsonDocument> documents = past.scan(namespace, past.readSequence())) {
      while (documents.hasNext()) {
        BsonDocument document = documents.next();
        digests.put(document.get("_id"), DocumentDigest.of(document));
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
  static void checkUnique(CollectionState state, List<WalRecord> changes) {
    Set<BsonValue> touched = new TreeSet<>(BsonComparisonOrder.INSTANCE);
    List<BsonDocument> restored = new ArrayList<>();
    for (WalRecord change : changes) {
      switch (change) {
        case WalRecord.Insert insert -> restored.add(insert.document());
        case WalRecord.Replace replace -> restored.add(replace.document());
        default -> {}
      }
      touched.add(DocumentChanges.idOf(change));
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
}
