package dev.mongolake.internal.engine;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.table.DocumentSnapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The documents that differ between two table versions, read from the files the versions do not
 * share only: a file both list with the same deletion vector holds the same rows in both, so only
 * the others can hold a change. The versions may belong to different tables of one storage (a
 * branch's and its parent's): files are matched by storage path. Every document of the unshared
 * files of the older version is digested, then each of the newer one's compared with it.
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
    Set<String> olderKeys = keys(older);
    Set<String> newerKeys = keys(newer);
    NavigableMap<BsonValue, DocumentDigest> before = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    read(older, unshared(older, newerKeys), document -> before.put(id(document), digest(document)));
    NavigableMap<BsonValue, Change> changes = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    read(
        newer,
        unshared(newer, olderKeys),
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

  /** A file's identity across tables: its storage path and its deletion vector. */
  private static String key(DocumentSnapshot snapshot, AddFile file) {
    String vector = file.deletionVector() == null ? "" : file.deletionVector().uniqueId();
    return snapshot.delta().storagePath(file) + "\n" + vector;
  }

  private static Set<String> keys(DocumentSnapshot snapshot) {
    Set<String> keys = new HashSet<>();
    if (snapshot != null) {
      snapshot.files().forEach(file -> keys.add(key(snapshot, file)));
    }
    return keys;
  }

  private static List<AddFile> unshared(DocumentSnapshot snapshot, Set<String> otherKeys) {
    List<AddFile> files = new ArrayList<>();
    if (snapshot != null) {
      for (AddFile file : snapshot.files()) {
        if (!otherKeys.contains(key(snapshot, file))) {
          files.add(file);
        }
      }
    }
    return files;
  }

  private static void read(
      DocumentSnapshot snapshot,
      List<AddFile> files,
      java.util.function.Consumer<BsonDocument> each) {
    if (files.isEmpty()) {
      return;
    }
    try (DocumentSnapshot.DocumentScan scan = snapshot.scan(files)) {
      Iterator<BsonDocument> documents = scan;
      documents.forEachRemaining(each);
    }
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
