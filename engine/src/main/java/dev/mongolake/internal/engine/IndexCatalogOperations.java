package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.internal.index.CollectionIndexes;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.IndexSpecParser;
import dev.mongolake.internal.index.SecondaryIndex;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import dev.mongolake.update.internal.BsonDebugText;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * createIndexes, listIndexes and dropIndexes with MongoDB's semantics. Each change is logged (and
 * so replayed after a crash) and waits until durable; a create builds the index over the
 * collection's documents first, so a unique index over duplicates fails before anything is logged.
 */
public final class IndexCatalogOperations {

  /**
   * What a createIndexes did.
   *
   * @param created names of the indexes built (empty when all existed)
   * @param before number of indexes before, {@code _id_} included
   * @param after number of indexes after
   * @param createdCollection whether the collection did not exist and was created
   */
  public record Created(List<String> created, int before, int after, boolean createdCollection) {}

  private final Engine engine;
  private final WriteAheadLog wal;

  IndexCatalogOperations(Engine engine, WriteAheadLog wal) {
    this.engine = engine;
    this.wal = wal;
  }

  /** Creates the indexes in {@code specs} ({@code createIndexes} form) that do not exist yet. */
  public Created create(Namespace namespace, List<BsonDocument> specs) {
    if (specs.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.BAD_VALUE, "Must specify at least one index to create");
    }
    List<IndexSpec> parsed = specs.stream().map(IndexSpecParser::parse).toList();
    boolean createdCollection = !engine.exists(namespace);
    CollectionState state = engine.state(namespace);
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    List<String> created = new ArrayList<>();
    int before;
    state.writeLock().lock();
    try {
      CollectionIndexes indexes = state.indexes();
      before = indexes.specs().size();
      List<SecondaryIndex> built = new ArrayList<>();
      for (IndexSpec spec : indexes.missing(parsed)) {
        try (CloseableIterator<BsonDocument> documents = engine.scan(namespace, Long.MAX_VALUE)) {
          built.add(indexes.build(spec, documents));
        }
      }
      if (createdCollection) {
        appended.add(
            wal.append(
                new WalRecord.CreateCollection(namespace, new BsonDocument()), engine::apply));
      }
      for (SecondaryIndex index : built) {
        WalRecord record = new WalRecord.CreateIndex(namespace, index.spec().toDocument());
        appended.add(wal.append(record, (sequence, r) -> indexes.install(index, sequence)));
        created.add(index.spec().name());
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return new Created(created, before, before + created.size(), createdCollection);
  }

  /** The index definitions, {@code _id_} first, as {@code listIndexes} returns them. */
  public List<BsonDocument> list(Namespace namespace) {
    return existing(namespace, "ns does not exist: ").indexes().specs().stream()
        .map(IndexSpec::toDocument)
        .toList();
  }

  /** Drops one index by name. */
  public void dropByName(Namespace namespace, String name) {
    CollectionState state = existing(namespace, "ns not found ");
    if (name.equals(IndexSpec.ID_INDEX_NAME)) {
      throw new MongoLakeException(ErrorCode.INVALID_OPTIONS, "cannot drop _id index");
    }
    drop(state, name, "index not found with name [" + name + "]");
  }

  /** Drops the index with this key pattern. */
  public void dropByKeys(Namespace namespace, BsonDocument keys) {
    CollectionState state = existing(namespace, "ns not found ");
    if (IndexSpecParser.isIdPattern(keys)) {
      throw new MongoLakeException(ErrorCode.INVALID_OPTIONS, "cannot drop _id index");
    }
    String name =
        state.indexes().all().stream()
            .map(SecondaryIndex::spec)
            .filter(spec -> spec.keys().equals(keys))
            .map(IndexSpec::name)
            .findFirst()
            .orElseThrow(
                () ->
                    new MongoLakeException(
                        ErrorCode.INDEX_NOT_FOUND,
                        "can't find index with key: { " + BsonDebugText.fields(keys) + " }"));
    drop(state, name, "index not found with name [" + name + "]");
  }

  /**
   * Drops every index but {@code _id_}.
   *
   * @return the number of indexes before, {@code _id_} included
   */
  public int dropAll(Namespace namespace) {
    CollectionState state = existing(namespace, "ns not found ");
    int before = state.indexes().specs().size();
    for (SecondaryIndex index : state.indexes().all()) {
      drop(state, index.spec().name(), null);
    }
    return before;
  }

  private void drop(CollectionState state, String name, String notFound) {
    WriteAheadLog.Appended appended;
    state.writeLock().lock();
    try {
      if (state.indexes().find(name).isEmpty()) {
        if (notFound == null) {
          return;
        }
        throw new MongoLakeException(ErrorCode.INDEX_NOT_FOUND, notFound);
      }
      appended = wal.append(new WalRecord.DropIndex(state.namespace(), name), engine::apply);
    } finally {
      state.writeLock().unlock();
    }
    appended.awaitDurable();
  }

  /** What {@link #changeExpireAfterSeconds} changed: the index's TTL before and after. */
  public record TtlChange(Long before, long after) {}

  /**
   * {@code collMod}'s {@code index: {name | keyPattern, expireAfterSeconds}}: gives a single-field
   * index a new TTL (or its first). The changed definition is logged as one create of the index,
   * which replaces it on replay, so a crash leaves either the old or the new TTL.
   *
   * @param index the {@code index} document of the command
   */
  public TtlChange changeExpireAfterSeconds(Namespace namespace, BsonDocument index) {
    CollectionState state = existing(namespace, "ns does not exist: ");
    BsonValue seconds = index.get("expireAfterSeconds");
    if (seconds == null || !seconds.isNumber() || seconds.asNumber().doubleValue() < 0) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "TTL index 'expireAfterSeconds' option must be a non-negative number");
    }
    long after = seconds.asNumber().longValue();
    WriteAheadLog.Appended appended;
    TtlChange change;
    state.writeLock().lock();
    try {
      IndexSpec current = target(state, index);
      if (current.keys().size() != 1) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "TTL indexes are single-field indexes, compound indexes do not support TTL. Index spec: "
                + current.toDocument().toJson());
      }
      IndexSpec changed =
          new IndexSpec(
              current.name(),
              current.keys(),
              current.unique(),
              current.sparse(),
              current.partialFilter(),
              after);
      SecondaryIndex rebuilt;
      try (CloseableIterator<BsonDocument> documents = engine.scan(namespace, Long.MAX_VALUE)) {
        rebuilt = state.indexes().build(changed, documents);
      }
      change = new TtlChange(current.expireAfterSeconds(), after);
      appended =
          wal.append(
              new WalRecord.CreateIndex(namespace, changed.toDocument()),
              (sequence, record) -> state.indexes().install(rebuilt, sequence));
    } finally {
      state.writeLock().unlock();
    }
    appended.awaitDurable();
    return change;
  }

  /** The index an {@code index: {name | keyPattern}} document names. */
  private static IndexSpec target(CollectionState state, BsonDocument index) {
    if (index.isString("name")) {
      String name = index.getString("name").getValue();
      return state.indexes().all().stream()
          .map(SecondaryIndex::spec)
          .filter(spec -> spec.name().equals(name))
          .findFirst()
          .orElseThrow(
              () ->
                  new MongoLakeException(
                      ErrorCode.INDEX_NOT_FOUND,
                      "cannot find index " + name + " for ns " + state.namespace()));
    }
    if (index.isDocument("keyPattern")) {
      BsonDocument keys = index.getDocument("keyPattern");
      return state.indexes().all().stream()
          .map(SecondaryIndex::spec)
          .filter(spec -> spec.keys().equals(keys))
          .findFirst()
          .orElseThrow(
              () ->
                  new MongoLakeException(
                      ErrorCode.INDEX_NOT_FOUND,
                      "cannot find index { "
                          + BsonDebugText.fields(keys)
                          + " } for ns "
                          + state.namespace()));
    }
    throw new MongoLakeException(
        ErrorCode.INVALID_OPTIONS, "must specify either index name or key pattern");
  }

  private CollectionState existing(Namespace namespace, String prefix) {
    if (!engine.exists(namespace)) {
      throw new MongoLakeException(ErrorCode.NAMESPACE_NOT_FOUND, prefix + namespace.fullName());
    }
    return engine.state(namespace);
  }
}
