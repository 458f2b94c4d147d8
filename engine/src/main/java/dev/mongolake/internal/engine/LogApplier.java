package dev.mongolake.internal.engine;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.index.IndexSpecParser;
import dev.mongolake.internal.wal.WalRecord;
import java.time.Clock;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a logged change to memory (the collection's buffer, its indexes, the registry). Live
 * writes and replay share this one path: a write is applied by the log's append, before it is
 * durable, and replay applies the records a restart finds.
 *
 * <p>Callers serialize the changes of one collection (its write lock, or the single replay thread).
 */
final class LogApplier implements BiConsumer<Long, WalRecord> {

  private static final Logger LOG = LoggerFactory.getLogger(LogApplier.class);

  private final CollectionRegistry collections;
  private final TableCatalog tables;
  private final Storage storage;
  private final BiConsumer<Long, WalRecord.RenameCollection> renames;
  private final Function<Namespace, CloseableIterator<BsonDocument>> documents;
  private final RetryableWriteLedger ledger;
  private final Clock clock;

  /**
   * @param renames applies a rename (see {@link CollectionRenames#apply})
   * @param documents every document of a collection, for building an index replay finds
   * @param ledger where the statements of retryable writes are recorded
   * @param clock the time a live statement is recorded at
   */
  LogApplier(
      CollectionRegistry collections,
      TableCatalog tables,
      Storage storage,
      BiConsumer<Long, WalRecord.RenameCollection> renames,
      Function<Namespace, CloseableIterator<BsonDocument>> documents,
      RetryableWriteLedger ledger,
      Clock clock) {
    this.collections = collections;
    this.tables = tables;
    this.storage = storage;
    this.renames = renames;
    this.documents = documents;
    this.ledger = ledger;
    this.clock = clock;
  }

  @Override
  public void accept(Long sequence, WalRecord record) {
    apply(sequence, record);
  }

  void apply(long sequence, WalRecord record) {
    switch (record) {
      case WalRecord.Insert insert -> put(sequence, insert.namespace(), insert.document(), true);
      case WalRecord.Update update -> put(sequence, update.namespace(), update.document(), false);
      case WalRecord.Replace replace ->
          put(sequence, replace.namespace(), replace.document(), false);
      case WalRecord.Delete delete -> {
        CollectionState state = stateOf(delete.namespace(), sequence);
        remove(state, sequence, delete.id());
      }
      case WalRecord.CreateIndex create -> replayCreateIndex(sequence, create);
      case WalRecord.DropIndex drop ->
          stateOf(drop.namespace(), sequence).indexes().drop(drop.name());
      case WalRecord.CreateCollection create -> create(sequence, create);
      case WalRecord.ModifyCollection modify ->
          stateOf(modify.namespace(), sequence).setOptions(modify.options());
      case WalRecord.DropCollection drop -> {
        collections.removedAt(sequence);
        CollectionState dropped = collections.remove(drop.namespace());
        tables.delete(drop.namespace(), dropped == null ? null : dropped.tablePath());
        if (dropped != null && dropped.tablePath() != null) {
          CommittedTableVersions.forget(storage, dropped.tablePath());
        }
      }
      case WalRecord.RenameCollection rename -> {
        collections.removedAt(sequence);
        renames.accept(sequence, rename);
      }
      case WalRecord.Retryable retryable -> {
        apply(sequence, retryable.change());
        ledger.record(sequence, retryable, clock.millis());
      }
      case WalRecord.Transaction transaction -> {
        transaction.changes().forEach(change -> apply(sequence, change));
        ledger.recordCommit(sequence, transaction, clock.millis());
      }
    }
  }

  /**
   * Applies one change of a transaction's record (replay applies them collection by collection).
   */
  void applyChange(long sequence, WalRecord change) {
    apply(sequence, change);
  }

  /**
   * A create: the collection its first write made gets the record's identity; replay makes it with
   * that identity (or, from a record that carries none, one derived from the record's place).
   */
  private void create(long sequence, WalRecord.CreateCollection create) {
    java.util.UUID identity =
        create.uuid() != null
            ? create.uuid()
            : CollectionState.derivedIdentity(create.namespace(), sequence);
    CollectionState existing = collections.get(create.namespace());
    if (existing != null) {
      if (create.uuid() != null) {
        existing.identityRecorded(create.uuid());
      } else {
        existing.identityLogged(identity);
      }
      return;
    }
    collections.addIfAbsent(new CollectionState(create.namespace(), create.options(), identity));
  }

  /**
   * The collection a change applies to, made by the change when it is the collection's first with
   * no create record before it (a transaction's first insert, in records written before commit
   * records carried their creates): its identity is derived from the change's place in the log, so
   * that every replay gives it the same.
   */
  private CollectionState stateOf(Namespace namespace, long sequence) {
    CollectionState state = collections.getOrCreate(namespace);
    if (!state.createLogged()) {
      state.identityLogged(CollectionState.derivedIdentity(namespace, sequence));
    }
    return state;
  }

  private void put(long sequence, Namespace namespace, BsonDocument document, boolean created) {
    CollectionState state = stateOf(namespace, sequence);
    state.buffer().put(sequence, document, created);
    state.indexes().put(sequence, document);
    InsertionOrder order = state.insertionOrder();
    if (order != null) {
      placeInCappedOrder(state, order, sequence, document);
    }
  }

  private static void remove(CollectionState state, long sequence, BsonValue id) {
    state.buffer().delete(sequence, id);
    state.indexes().delete(sequence, id);
    InsertionOrder order = state.insertionOrder();
    if (order != null) {
      order.removed(sequence, id);
    }
  }

  /**
   * A capped collection's insert takes the next position, and the oldest documents past the cap go
   * in the same change: deleted at the insert's own sequence, so that a reader sees both or
   * neither, and a replay of the insert removes exactly them again. An update keeps its position
   * and changes only the size, as in MongoDB, which removes documents on inserts only.
   */
  private static void placeInCappedOrder(
      CollectionState state, InsertionOrder order, long sequence, BsonDocument document) {
    BsonValue id = document.get("_id");
    long size = InsertionOrder.bsonSize(document);
    if (order.holds(id)) {
      order.resized(id, size);
      return;
    }
    order.inserted(sequence, id, size);
    for (BsonValue oldest : order.excess(state.capped(), sequence)) {
      remove(state, sequence, oldest);
    }
  }

  /**
   * A create found in the log: live creates install the index they built before logging, so only
   * replay gets here with an index to build (or one the catalog file already holds).
   */
  private void replayCreateIndex(long sequence, WalRecord.CreateIndex create) {
    CollectionState state = stateOf(create.namespace(), sequence);
    IndexSpec spec = IndexSpecParser.parse(create.spec());
    var existing = state.indexes().find(spec.name());
    if (existing.isPresent() && existing.get().spec().sameDefinition(spec)) {
      return;
    }
    // A collMod's new TTL or visibility: same entries, nothing to build.
    if (state.indexes().redefine(spec)) {
      return;
    }
    try (CloseableIterator<BsonDocument> all = documents.apply(create.namespace())) {
      state.indexes().install(state.indexes().build(spec, all), sequence);
    } catch (MongoLakeException e) {
      LOG.error(
          "Cannot rebuild index {} of {}: {}", spec.name(), create.namespace(), e.getMessage());
    }
  }
}
