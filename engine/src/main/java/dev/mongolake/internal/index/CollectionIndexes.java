package dev.mongolake.internal.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonDebugText;
import dev.mongolake.delta.order.Collation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The secondary indexes of one collection (the {@code _id_} index is implicit): their catalog, with
 * MongoDB's create and drop rules, and their maintenance on every document change.
 *
 * <p>Writers (create, drop, document changes) are serialized by the collection's write lock;
 * readers see an immutable list of indexes and never block.
 */
public final class CollectionIndexes {

  private volatile Namespace namespace;
  private volatile List<SecondaryIndex> indexes = List.of();
  private volatile long catalogVersion;
  // The _id index is implicit: the planner's _id equality lookups count here.
  private final IndexUsage idIndexUsage = new IndexUsage(Instant.now());
  // Under a default collation other than simple, the _id index is unique by collation keys:
  // stored ids stay binary, so these keys, kept in memory beside them, hold the uniqueness.
  private volatile SecondaryIndex collatedIds;

  public CollectionIndexes(Namespace namespace) {
    this.namespace = namespace;
  }

  /** The collection's new name after a rename (error messages name it). */
  public void renamedTo(Namespace newName) {
    namespace = newName;
  }

  /** How often {@code _id} equality lookups read through the {@code _id_} index. */
  public IndexUsage idIndexUsage() {
    return idIndexUsage;
  }

  /** The secondary indexes, in creation order. */
  public List<SecondaryIndex> all() {
    return indexes;
  }

  /**
   * Makes {@code _id} unique under {@code collation}, the collection's default (MongoDB's {@code
   * _id} index takes it), over the collection's current {@code documents}; a simple collation needs
   * nothing beyond the stored ids. Call before any write reaches the collection's indexes.
   *
   * @throws MongoLakeException DuplicateKey when two documents' ids are equal under it
   */
  public void collateIds(Collation collation, Iterator<BsonDocument> documents) {
    if (collation.isSimple()) {
      collatedIds = null;
      return;
    }
    SecondaryIndex built =
        build(List.of(IndexSpec.idIndex(collation).withUnique(true)), documents).getFirst();
    built.readyAt(0);
    collatedIds = built;
  }

  /** Every index definition, {@code _id_} first. */
  public List<IndexSpec> specs() {
    List<IndexSpec> specs = new ArrayList<>();
    SecondaryIndex ids = collatedIds;
    specs.add(ids == null ? IndexSpec.idIndex() : IndexSpec.idIndex(ids.spec().collation()));
    indexes.forEach(index -> specs.add(index.spec()));
    return specs;
  }

  /** Changes with every create or drop, so the catalog file is rewritten only when stale. */
  public long catalogVersion() {
    return catalogVersion;
  }

  public Optional<SecondaryIndex> find(String name) {
    return indexes.stream().filter(i -> i.spec().name().equals(name)).findFirst();
  }

  /**
   * The requested indexes that do not exist yet, after MongoDB's conflict checks against the
   * existing ones and among themselves.
   */
  public List<IndexSpec> missing(List<IndexSpec> requested) {
    List<IndexSpec> known = specs();
    List<IndexSpec> missing = new ArrayList<>();
    for (IndexSpec spec : requested) {
      IndexSpec existing = conflictCheck(spec, known);
      if (existing == null) {
        missing.add(spec);
        known.add(spec);
      }
    }
    return missing;
  }

  /** The existing identical index, or {@code null} when {@code spec} is new; fails on conflict. */
  private static IndexSpec conflictCheck(IndexSpec spec, List<IndexSpec> known) {
    for (IndexSpec existing : known) {
      boolean sameName = existing.name().equals(spec.name());
      if (sameName && existing.sameDefinition(spec)) {
        return existing;
      }
      if (existing.name().equals(IndexSpec.ID_INDEX_NAME)
          && IndexSpecParser.isIdPattern(spec.keys())
          && !spec.unique()
          && !spec.sparse()
          && spec.partialFilter() == null) {
        // {_id: 1} under any name is the _id index, which always exists.
        return existing;
      }
      if (sameName && existing.name().equals(IndexSpec.ID_INDEX_NAME)) {
        if (existing.sameKeys(spec) && !spec.unique() && !spec.sparse()) {
          return existing;
        }
        throw new MongoLakeException(
            ErrorCode.INVALID_INDEX_SPECIFICATION_OPTION,
            "The field 'unique' is not valid for an _id index specification. Specification: "
                + shown(spec));
      }
      if (sameName && !existing.sameKeys(spec)) {
        throw new MongoLakeException(
            ErrorCode.INDEX_KEY_SPECS_CONFLICT,
            "An existing index has the same name as the requested index. When index names are not"
                + " specified, they are auto generated and can cause conflicts. Please refer to"
                + " our documentation. Requested index: "
                + shown(spec)
                + ", existing index: "
                + shown(existing));
      }
      if (sameName) {
        throw new MongoLakeException(
            ErrorCode.INDEX_OPTIONS_CONFLICT,
            "An equivalent index already exists with the same name but different options."
                + " Requested index: "
                + shown(spec)
                + ", existing index: "
                + shown(existing));
      }
      if (existing.sameKeys(spec)
          && java.util.Objects.equals(existing.partialFilter(), spec.partialFilter())) {
        throw new MongoLakeException(
            ErrorCode.INDEX_OPTIONS_CONFLICT,
            "Index already exists with a different name: " + existing.name());
      }
    }
    return null;
  }

  private static String shown(IndexSpec spec) {
    return "{ " + BsonDebugText.fields(spec.toDocument()) + " }";
  }

  /**
   * Builds an index over {@code documents} (the collection's current documents).
   *
   * @throws MongoLakeException DuplicateKey when a unique index meets a repeated key,
   *     CannotIndexParallelArrays for a compound key over two arrays
   */
  public SecondaryIndex build(IndexSpec spec, Iterator<BsonDocument> documents) {
    return build(List.of(spec), documents).getFirst();
  }

  /**
   * Builds several indexes in one pass over {@code documents}; see {@link #build(IndexSpec,
   * Iterator)}.
   */
  public List<SecondaryIndex> build(List<IndexSpec> specs, Iterator<BsonDocument> documents) {
    List<SecondaryIndex> built = new ArrayList<>();
    List<List<Map.Entry<BsonValue, Set<IndexKey>>>> loads = new ArrayList<>();
    for (IndexSpec spec : specs) {
      built.add(new SecondaryIndex(spec, Long.MAX_VALUE));
      loads.add(new ArrayList<>());
    }
    while (documents.hasNext()) {
      BsonDocument document = documents.next();
      BsonValue id = document.get("_id");
      for (int i = 0; i < built.size(); i++) {
        loads.get(i).add(Map.entry(id, built.get(i).keys(document)));
      }
    }
    for (int i = 0; i < built.size(); i++) {
      IndexKey duplicate = built.get(i).load(loads.get(i));
      if (duplicate != null) {
        throw DuplicateKeys.error(namespace, built.get(i).spec(), duplicate);
      }
    }
    return built;
  }

  /** Adds a built index, readable from log sequence {@code readyAt}. */
  public void install(SecondaryIndex index, long readyAt) {
    index.readyAt(readyAt);
    List<SecondaryIndex> next = new ArrayList<>(indexes);
    next.removeIf(i -> i.spec().name().equals(index.spec().name()));
    next.add(index);
    indexes = List.copyOf(next);
    catalogVersion++;
  }

  /**
   * Gives the index of the same name a definition with the same entries (see {@link
   * IndexSpec#sameEntries}), keeping its contents. @return whether such an index existed
   */
  public boolean redefine(IndexSpec changed) {
    Optional<SecondaryIndex> existing = find(changed.name());
    if (existing.isEmpty() || !existing.get().spec().sameEntries(changed)) {
      return false;
    }
    existing.get().redefine(changed);
    catalogVersion++;
    return true;
  }

  /** Removes an index by name. @return whether it existed */
  public boolean drop(String name) {
    List<SecondaryIndex> next = new ArrayList<>(indexes);
    boolean removed = next.removeIf(i -> i.spec().name().equals(name));
    if (removed) {
      indexes = List.copyOf(next);
      catalogVersion++;
    }
    return removed;
  }

  /**
   * Fails as the write of {@code document} would: a repeated key in a unique index (other than the
   * document's own) or parallel arrays in a compound key.
   */
  public void check(BsonDocument document) {
    check(document, other -> false);
  }

  /**
   * {@link #check(BsonDocument)}, a key held by a document {@code ignored} accepts not counting as
   * taken: a transaction's own documents, whose new versions may no longer hold it.
   */
  public void check(BsonDocument document, java.util.function.Predicate<BsonValue> ignored) {
    BsonValue id = document.get("_id");
    SecondaryIndex ids = collatedIds;
    if (ids != null) {
      requireUnique(ids, id, ids.keys(document), ignored);
    }
    for (SecondaryIndex index : indexes) {
      Set<IndexKey> keys = index.keys(document);
      if (index.spec().unique()) {
        requireUnique(index, id, keys, ignored);
      }
    }
  }

  /**
   * The unique indexes (with the collated {@code _id} keys when the collection has a collation),
   * for checks of documents not yet indexed against each other.
   */
  public List<SecondaryIndex> uniqueIndexes() {
    List<SecondaryIndex> unique = new ArrayList<>();
    if (collatedIds != null) {
      unique.add(collatedIds);
    }
    indexes.stream().filter(index -> index.spec().unique()).forEach(unique::add);
    return unique;
  }

  /** MongoDB's duplicate key error for {@code key} of {@code index}. */
  public MongoLakeException duplicate(SecondaryIndex index, IndexKey key) {
    return DuplicateKeys.error(namespace, index.spec(), key);
  }

  private void requireUnique(
      SecondaryIndex index,
      BsonValue id,
      Set<IndexKey> keys,
      java.util.function.Predicate<BsonValue> ignored) {
    for (IndexKey key : keys) {
      if (index.taken(key, id, ignored)) {
        throw DuplicateKeys.error(namespace, index.spec(), key);
      }
    }
  }

  /** Indexes a new version of a document (inserted, updated or replaced). */
  public void put(long sequence, BsonDocument document) {
    BsonValue id = document.get("_id");
    for (SecondaryIndex index : withCollatedIds()) {
      index.put(sequence, id, index.keys(document));
    }
  }

  /** Retires a deleted document's keys. */
  public void delete(long sequence, BsonValue id) {
    for (SecondaryIndex index : withCollatedIds()) {
      index.remove(sequence, id);
    }
  }

  /** Forgets keys retired at or before {@code sequence}, which no reader can see any more. */
  public void forgetRemovedUpTo(long sequence) {
    for (SecondaryIndex index : withCollatedIds()) {
      index.forgetRemovedUpTo(sequence);
    }
  }

  private List<SecondaryIndex> withCollatedIds() {
    SecondaryIndex ids = collatedIds;
    if (ids == null) {
      return indexes;
    }
    List<SecondaryIndex> all = new ArrayList<>(indexes);
    all.add(ids);
    return all;
  }

  /** The index definitions by name, for persistence. */
  public Map<String, IndexSpec> byName() {
    Map<String, IndexSpec> out = new java.util.LinkedHashMap<>();
    indexes.forEach(i -> out.put(i.spec().name(), i.spec()));
    return out;
  }
}
