package dev.mongolake.internal.engine;

import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.table.DocumentSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.LongPredicate;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The documents that differ between two table versions, read from what the versions do not share
 * only: a file both list with the same deletion vector holds the same rows in both, and of a file
 * both list with different vectors only the rows one deletes and the other keeps differ. The
 * versions may belong to different tables of one storage (a branch's and its parent's): files are
 * matched by storage path. Every such document of the older version is digested, then each of the
 * newer one's compared with it.
 *
 * <p>Cost: reading the unshared files, which for a branch is what it and its parent rewrote since
 * the base, not the whole collection; memory: one {@code _id} and digest per document of the older
 * version's unshared files.
 */
final class SnapshotDifference {

  /** How a document changed from the older version to the newer. */
  enum Kind {
    ADDED,
    CHANGED,
    REMOVED
  }

  /**
   * One changed document.
   *
   * @param after the newer version's digest, null when removed
   * @param document the newer version's document when asked to keep them, else null
   */
  record Change(Kind kind, DocumentDigest after, BsonDocument document) {}

  private SnapshotDifference() {}

  /**
   * The changes from {@code older} to {@code newer} (either may be null: a collection without a
   * table holds nothing), by {@code _id} in BSON order.
   *
   * @param keepDocuments whether each change carries the newer document (a merge applies them)
   */
  static NavigableMap<BsonValue, Change> between(
      DocumentSnapshot older, DocumentSnapshot newer, boolean keepDocuments) {
    Map<String, AddFile> olderFiles = byPath(older);
    Map<String, AddFile> newerFiles = byPath(newer);
    NavigableMap<BsonValue, DocumentDigest> before = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    read(
        older,
        olderFiles,
        newer,
        newerFiles,
        document -> before.put(id(document), digest(document)));
    NavigableMap<BsonValue, Change> changes = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    read(
        newer,
        newerFiles,
        older,
        olderFiles,
        document -> {
          BsonValue id = id(document);
          DocumentDigest now = digest(document);
          DocumentDigest then = before.remove(id);
          if (then == null || !then.equals(now)) {
            changes.put(
                id,
                new Change(
                    then == null ? Kind.ADDED : Kind.CHANGED,
                    now,
                    keepDocuments ? document : null));
          }
        });
    before.keySet().forEach(id -> changes.put(id, new Change(Kind.REMOVED, null, null)));
    return changes;
  }

  private static BsonValue id(BsonDocument document) {
    return document.get("_id");
  }

  private static DocumentDigest digest(BsonDocument document) {
    return DocumentDigest.of(document);
  }

  private static Map<String, AddFile> byPath(DocumentSnapshot snapshot) {
    Map<String, AddFile> files = new HashMap<>();
    if (snapshot != null) {
      snapshot.files().forEach(file -> files.put(snapshot.delta().storagePath(file), file));
    }
    return files;
  }

  /**
   * Reads the rows of {@code snapshot} that {@code other} does not hold: every live row of a file
   * the other does not list, and of a file both list, the rows this one's deletion vector keeps and
   * the other's deletes. A file both list with the same vector is not read.
   */
  private static void read(
      DocumentSnapshot snapshot,
      Map<String, AddFile> files,
      DocumentSnapshot other,
      Map<String, AddFile> otherFiles,
      java.util.function.Consumer<BsonDocument> each) {
    List<AddFile> whole = new ArrayList<>();
    Map<AddFile, LongPredicate> partly = new HashMap<>();
    for (Map.Entry<String, AddFile> entry : files.entrySet()) {
      AddFile file = entry.getValue();
      AddFile shared = otherFiles.get(entry.getKey());
      if (shared == null) {
        whole.add(file);
      } else if (!Objects.equals(uniqueId(file), uniqueId(shared))) {
        DeletedRows here = snapshot.deletedRows(file);
        DeletedRows there = other.deletedRows(shared);
        // Skip every row but those deleted there and kept here.
        partly.put(file, row -> !there.contains(row) || here.contains(row));
      }
    }
    if (!whole.isEmpty()) {
      try (DocumentSnapshot.DocumentScan scan = snapshot.scan(whole)) {
        Iterator<BsonDocument> documents = scan;
        documents.forEachRemaining(each);
      }
    }
    if (!partly.isEmpty()) {
      try (DocumentSnapshot.DocumentScan scan =
          snapshot.scanRows(List.copyOf(partly.keySet()), partly::get)) {
        Iterator<BsonDocument> documents = scan;
        documents.forEachRemaining(each);
      }
    }
  }

  private static String uniqueId(AddFile file) {
    return file.deletionVector() == null ? null : file.deletionVector().uniqueId();
  }

  /** The changes counted by kind. */
  static Map<Kind, Long> counts(Map<BsonValue, Change> changes) {
    Map<Kind, Long> counts = new java.util.EnumMap<>(Kind.class);
    for (Kind kind : Kind.values()) {
      counts.put(kind, 0L);
    }
    changes.values().forEach(change -> counts.merge(change.kind(), 1L, Long::sum));
    return counts;
  }
}
