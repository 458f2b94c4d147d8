package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.internal.PipelineContext;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.buffer.BufferedDocument;
import dev.mongolake.internal.changestream.UpdateDescriptions;
import dev.mongolake.internal.index.DuplicateKeys;
import dev.mongolake.internal.index.IndexKey;
import dev.mongolake.internal.index.IndexSpec;
import dev.mongolake.internal.read.QueryErrors;
import dev.mongolake.internal.read.SortOrder;
import dev.mongolake.internal.wal.WalRecord;
import dev.mongolake.internal.wal.WriteAheadLog;
import dev.mongolake.update.UpdateContext;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Inserts, updates, replaces, deletes and findAndModify: each validates its documents, finds its
 * targets through the {@link ReadPath}, appends its changes to the log (which applies them to
 * memory) under the collection's write lock, and returns once they are durable.
 *
 * <p>Thread-safe: writers of one collection are serialized by its lock; writers of different
 * collections run in parallel and share the log's group commit.
 */
public final class DocumentWrites {

  private final CollectionRegistry collections;
  private final ChangeLog log;
  private final ReadPath reads;
  private final Clock clock;
  private final BiFunction<BsonDocument, Collation, PipelineContext> commandVariables;
  private final boolean bypassDocumentValidation;

  /**
   * @param commandVariables a command's variables from its {@code let}, under its collation
   */
  DocumentWrites(
      CollectionRegistry collections,
      WriteAheadLog wal,
      LogApplier applier,
      ReadPath reads,
      Clock clock,
      BiFunction<BsonDocument, Collation, PipelineContext> commandVariables) {
    this(collections, logOf(wal, applier), reads, clock, commandVariables, false);
  }

  /** The write-ahead log as a change log, which logs the create of a collection a write makes. */
  private static ChangeLog logOf(WriteAheadLog wal, LogApplier applier) {
    return new ChangeLog() {
      @Override
      public WriteAheadLog.Appended append(WalRecord change) {
        return wal.append(change, applier);
      }

      @Override
      public void created(CollectionState state) {
        wal.append(
            new WalRecord.CreateCollection(state.namespace(), new BsonDocument(), state.uuid()),
            applier);
      }
    };
  }

  /**
   * Writes whose changes go to {@code log} instead of the write-ahead log (a transaction's, which
   * keeps them until it commits), finding their targets through {@code reads}.
   */
  DocumentWrites(
      CollectionRegistry collections,
      ChangeLog log,
      ReadPath reads,
      Clock clock,
      BiFunction<BsonDocument, Collation, PipelineContext> commandVariables) {
    this(collections, log, reads, clock, commandVariables, false);
  }

  private DocumentWrites(
      CollectionRegistry collections,
      ChangeLog log,
      ReadPath reads,
      Clock clock,
      BiFunction<BsonDocument, Collation, PipelineContext> commandVariables,
      boolean bypassDocumentValidation) {
    this.collections = collections;
    this.log = log;
    this.reads = reads;
    this.clock = clock;
    this.commandVariables = commandVariables;
    this.bypassDocumentValidation = bypassDocumentValidation;
  }

  /**
   * These writes without the collections' validators (MongoDB's {@code bypassDocumentValidation});
   * see {@link DocumentValidator}.
   */
  public DocumentWrites bypassingDocumentValidation() {
    return new DocumentWrites(collections, log, reads, clock, commandVariables, true);
  }

  /**
   * Inserts documents. Ordered inserts stop at the first failure; unordered ones try every
   * document. Returns after every inserted document is durable.
   */
  public WriteOutcome insert(Namespace namespace, List<BsonDocument> documents, boolean ordered) {
    CollectionState state = collections.locked(namespace);
    DocumentValidator validator =
        DocumentValidator.forWrite(state, clock, bypassDocumentValidation);
    Map<Integer, BsonValue> insertedIds = new LinkedHashMap<>();
    List<WriteFailure> failures = new ArrayList<>();
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    try {
      for (int i = 0; i < documents.size(); i++) {
        try {
          BsonDocument prepared = DocumentChecks.prepareForInsert(documents.get(i));
          validator.checkInsert(prepared);
          BsonValue id = prepared.get("_id");
          checkNotDuplicate(state, id);
          log.checkIndexes(state, prepared);
          appended.add(appendInsert(state, prepared, i, null));
          insertedIds.put(i, id);
        } catch (MongoLakeException e) {
          failures.add(new WriteFailure(i, e));
          if (ordered) {
            break;
          }
        }
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return new WriteOutcome(insertedIds.size(), 0, null, insertedIds, failures);
  }

  /** Deletes the first ({@code multi == false}) or every document matching {@code filter}. */
  public WriteOutcome delete(Namespace namespace, BsonDocument filter, boolean multi) {
    return delete(namespace, filter, multi, new BsonDocument());
  }

  /**
   * {@link #delete(Namespace, BsonDocument, boolean)} with the command's {@code let} variables,
   * which the filter's {@code $expr} sees.
   */
  public WriteOutcome delete(
      Namespace namespace, BsonDocument filter, boolean multi, BsonDocument let) {
    return delete(namespace, filter, multi, let, null);
  }

  /**
   * {@link #delete(Namespace, BsonDocument, boolean, BsonDocument)} matching under {@code
   * collation} (null: the collection's default).
   */
  public WriteOutcome delete(
      Namespace namespace,
      BsonDocument filter,
      boolean multi,
      BsonDocument let,
      Collation collation) {
    Collation effective = effective(namespace, collation);
    Filter parsed = parseFilter(filter, effective, commandVariables.apply(let, effective));
    if (!multi) {
      warmIdTarget(namespace, filter, parsed);
    }
    CollectionState state = collections.lockedExisting(namespace);
    if (state == null) {
      return WriteOutcome.counts(0, 0, null);
    }
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    try {
      for (BsonDocument document : matching(namespace, filter, parsed, multi)) {
        WalRecord delete =
            new WalRecord.Delete(namespace, document.get("_id"), preImage(state, document));
        appended.add(log.append(StatementScope.marked(delete, appended.size(), null)));
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return WriteOutcome.counts(appended.size(), appended.size(), null);
  }

  /**
   * Updates or replaces documents matching {@code filter}. {@code update} is an operator document,
   * a replacement document or a pipeline; with {@code upsert}, no match inserts a document built
   * from the filter's equalities and the update.
   */
  public WriteOutcome update(
      Namespace namespace,
      BsonDocument filter,
      BsonValue update,
      boolean multi,
      boolean upsert,
      List<BsonDocument> arrayFilters) {
    return update(namespace, filter, update, multi, upsert, arrayFilters, new BsonDocument());
  }

  /**
   * {@link #update(Namespace, BsonDocument, BsonValue, boolean, boolean, List)} with the command's
   * {@code let} variables, which the filter's {@code $expr} and a pipeline update see.
   */
  public WriteOutcome update(
      Namespace namespace,
      BsonDocument filter,
      BsonValue update,
      boolean multi,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      BsonDocument let) {
    return update(namespace, filter, update, multi, upsert, arrayFilters, let, null);
  }

  /**
   * {@link #update(Namespace, BsonDocument, BsonValue, boolean, boolean, List, BsonDocument)} with
   * MongoDB 8.0's {@code sort} ({@code null}: none): the one document changed is the first match in
   * that order, chosen as {@link #findAndModify} chooses its target.
   *
   * @throws MongoLakeException FailedToParse for a sort with {@code multi}, as MongoDB refuses it
   */
  public WriteOutcome update(
      Namespace namespace,
      BsonDocument filter,
      BsonValue update,
      boolean multi,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      BsonDocument let,
      BsonDocument sort) {
    return update(namespace, filter, update, multi, upsert, arrayFilters, let, sort, null);
  }

  /**
   * {@link #update(Namespace, BsonDocument, BsonValue, boolean, boolean, List, BsonDocument,
   * BsonDocument)} under {@code collation} (null: the collection's default): the filter, the sort
   * and the update's operators ({@code $addToSet}, {@code $pull}, array filters, ...) compare
   * strings by it.
   */
  public WriteOutcome update(
      Namespace namespace,
      BsonDocument filter,
      BsonValue update,
      boolean multi,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      BsonDocument let,
      BsonDocument sort,
      Collation collation) {
    if (sort != null && multi) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Cannot specify sort with multi=true");
    }
    Collation effective = effective(namespace, collation);
    SortOrder order = sort == null ? SortOrder.NONE : SortOrder.parse(sort, effective.order());
    PipelineContext variables = commandVariables.apply(let, effective);
    Filter parsed = parseFilter(filter, effective, variables);
    DocumentChange change =
        DocumentChange.of(filter, update, arrayFilters, variables.environment());
    if (change.replacement() && multi) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "multi update is not supported for replacement-style update");
    }
    if (!multi) {
      warmIdTarget(namespace, filter, parsed);
    }
    CollectionState state = collections.locked(namespace);
    DocumentValidator validator =
        DocumentValidator.forWrite(state, clock, bypassDocumentValidation);
    List<WriteAheadLog.Appended> appended = new ArrayList<>();
    long matched = 0;
    long modified = 0;
    BsonValue upsertedId = null;
    try {
      for (BsonDocument document : targets(namespace, filter, parsed, multi, order)) {
        matched++;
        var result = change.apply(document, UpdateContext.forUpdate(clock));
        if (result.modified()) {
          appended.add(
              appendChanged(
                  state, validator, change, document, result.document(), (int) modified, null));
          modified++;
        }
      }
      if (matched == 0 && upsert) {
        BsonDocument inserted = upsertInsert(state, validator, filter, change);
        upsertedId = inserted.get("_id");
        appended.add(appendInsert(state, inserted, 0, null));
      }
    } finally {
      state.writeLock().unlock();
    }
    appended.forEach(WriteAheadLog.Appended::awaitDurable);
    return WriteOutcome.counts(matched, modified, upsertedId);
  }

  /**
   * Atomically finds the first document matching {@code filter} in {@code sort} order and updates,
   * replaces or (with a null {@code update}) deletes it.
   *
   * @return the document before or ({@code returnNew}) after the change; empty if nothing matched
   *     and nothing was upserted, or if the document was deleted and {@code returnNew} is set
   */
  public FindAndModifyOutcome findAndModify(
      Namespace namespace,
      BsonDocument filter,
      BsonDocument sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters) {
    return findAndModify(
        namespace, filter, sort, update, returnNew, upsert, arrayFilters, new BsonDocument());
  }

  /** {@link #findAndModify} with the command's {@code let} variables. */
  public FindAndModifyOutcome findAndModify(
      Namespace namespace,
      BsonDocument filter,
      BsonDocument sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      BsonDocument let) {
    return findAndModify(
        namespace, filter, sort, update, returnNew, upsert, arrayFilters, let, null);
  }

  /** {@link #findAndModify} under {@code collation} (null: the collection's default). */
  public FindAndModifyOutcome findAndModify(
      Namespace namespace,
      BsonDocument filter,
      BsonDocument sort,
      BsonValue update,
      boolean returnNew,
      boolean upsert,
      List<BsonDocument> arrayFilters,
      BsonDocument let,
      Collation collation) {
    Collation effective = effective(namespace, collation);
    PipelineContext variables = commandVariables.apply(let, effective);
    Filter parsed = parseFilter(filter, effective, variables);
    SortOrder order = SortOrder.parse(sort, effective.order());
    DocumentChange change =
        update == null
            ? null
            : DocumentChange.of(filter, update, arrayFilters, variables.environment());
    warmIdTarget(namespace, filter, parsed);
    CollectionState state = collections.locked(namespace);
    DocumentValidator validator =
        DocumentValidator.forWrite(state, clock, bypassDocumentValidation);
    WriteAheadLog.Appended appended = null;
    FindAndModifyOutcome outcome;
    try {
      BsonDocument target = firstInOrder(namespace, filter, parsed, order);
      if (target == null) {
        if (!upsert || change == null) {
          return new FindAndModifyOutcome(null, false, null);
        }
        BsonDocument inserted = upsertInsert(state, validator, filter, change);
        BsonDocument image = returnNew ? inserted : null;
        appended = appendInsert(state, inserted, 0, image);
        outcome = new FindAndModifyOutcome(image, false, inserted.get("_id"));
      } else if (change == null) {
        WalRecord delete =
            new WalRecord.Delete(namespace, target.get("_id"), preImage(state, target));
        appended = log.append(StatementScope.marked(delete, 0, target));
        outcome = new FindAndModifyOutcome(target, true, null);
      } else {
        var result = change.apply(target, UpdateContext.forUpdate(clock));
        BsonDocument after = result.document();
        if (result.modified()) {
          appended =
              appendChanged(state, validator, change, target, after, 0, returnNew ? after : target);
        }
        outcome = new FindAndModifyOutcome(returnNew ? after : target, true, null);
      }
    } catch (MongoLakeException e) {
      throw executorError(e);
    } finally {
      state.writeLock().unlock();
    }
    if (appended != null) {
      appended.awaitDurable();
    }
    return outcome;
  }

  /** What a change's record keeps of the version it changes: all of it where images are kept. */
  private static BsonDocument preImage(CollectionState state, BsonDocument before) {
    return state.preAndPostImages() ? before : null;
  }

  /** MongoDB's duplicate key error for an {@code _id} a live document has. */
  static MongoLakeException duplicateKey(Namespace namespace, BsonValue id) {
    return DuplicateKeys.error(namespace, IndexSpec.idIndex(), IndexKey.of(id));
  }

  /** The documents matching {@code parsed}: the first only, unless {@code multi}. */
  private List<BsonDocument> matching(
      Namespace namespace, BsonDocument filter, Filter parsed, boolean multi) {
    List<BsonDocument> matches = new ArrayList<>();
    try (CloseableIterator<BsonDocument> documents =
        reads.candidates(namespace, filter, parsed, Long.MAX_VALUE)) {
      while (documents.hasNext()) {
        BsonDocument document = documents.next();
        if (QueryErrors.matches(parsed, document)) {
          matches.add(document);
          if (!multi) {
            break;
          }
        }
      }
    }
    return matches;
  }

  /** What an update changes: every match with {@code multi}, else the first in {@code order}. */
  private List<BsonDocument> targets(
      Namespace namespace, BsonDocument filter, Filter parsed, boolean multi, SortOrder order) {
    if (multi || order.isEmpty()) {
      return matching(namespace, filter, parsed, multi);
    }
    BsonDocument first = firstInOrder(namespace, filter, parsed, order);
    return first == null ? List.of() : List.of(first);
  }

  /**
   * Reads the one document an {@code _id} equality selects before the collection's write lock is
   * taken, so that the read under the lock, the one that decides, finds it in the document cache. A
   * flushed document's table read takes hundreds of microseconds, and under the lock every other
   * writer of the collection would wait for it. What this read finds is not used, and a failure is
   * left for the read under the lock to report.
   */
  private void warmIdTarget(Namespace namespace, BsonDocument filter, Filter parsed) {
    if (IdEquality.of(filter) == null) {
      return;
    }
    try (CloseableIterator<BsonDocument> documents =
        reads.candidates(namespace, filter, parsed, Long.MAX_VALUE)) {
      if (documents.hasNext()) {
        documents.next();
      }
    } catch (RuntimeException e) {
      // The read under the lock meets the same failure and reports it.
    }
  }

  /** The first document matching {@code parsed} in {@code order} (scan order without one). */
  private BsonDocument firstInOrder(
      Namespace namespace, BsonDocument filter, Filter parsed, SortOrder order) {
    BsonDocument target = null;
    try (CloseableIterator<BsonDocument> documents =
        reads.candidates(namespace, filter, parsed, Long.MAX_VALUE)) {
      while (documents.hasNext()) {
        BsonDocument candidate = documents.next();
        if (QueryErrors.matches(parsed, candidate)
            && (target == null || (!order.isEmpty() && order.compare(candidate, target) < 0))) {
          target = candidate;
          if (order.isEmpty()) {
            break;
          }
        }
      }
    }
    return target;
  }

  /**
   * Logs an insert, as the statement at {@code position} of a retryable write (see {@link
   * StatementScope}; {@code image} is what a retry answers, or null). On a capped collection a
   * document larger than the whole cap is refused, as MongoDB refuses it, and the tailable cursors
   * waiting for the collection wake once it is durable (when a reader can see it). Caller holds the
   * lock.
   */
  private WriteAheadLog.Appended appendInsert(
      CollectionState state, BsonDocument document, int position, BsonDocument image) {
    InsertionOrder order = state.insertionOrder();
    if (order != null && InsertionOrder.bsonSize(document) > state.capped().size()) {
      throw new MongoLakeException(
          ErrorCode.BSON_OBJECT_TOO_LARGE, "object to insert exceeds cappedMaxSize");
    }
    if (!state.createLogged()) {
      // The first document makes the collection: its create goes first, as in MongoDB's oplog.
      log.created(state);
    }
    WriteAheadLog.Appended appended =
        log.append(
            StatementScope.marked(
                new WalRecord.Insert(state.namespace(), document), position, image));
    if (order != null) {
      appended.durable().thenRun(order::signalInsert);
    }
    return appended;
  }

  /**
   * Checks a changed document and logs it, as the statement at {@code position} of a retryable
   * write (see {@link StatementScope}). Caller holds the collection's write lock.
   */
  private WriteAheadLog.Appended appendChanged(
      CollectionState state,
      DocumentValidator validator,
      DocumentChange change,
      BsonDocument before,
      BsonDocument next,
      int position,
      BsonDocument image) {
    DocumentChecks.check(next);
    validator.checkUpdate(before, next);
    log.checkIndexes(state, next);
    Namespace namespace = state.namespace();
    WalRecord record =
        change.replacement()
            ? new WalRecord.Replace(namespace, next, preImage(state, before))
            : new WalRecord.Update(
                namespace, next, UpdateDescriptions.between(before, next), preImage(state, before));
    return log.append(StatementScope.marked(record, position, image));
  }

  /**
   * The document an upsert inserts when nothing matched: seeded from the filter's equalities (a
   * replacement keeps only the filter's {@code _id}), changed, checked. Caller holds the lock.
   */
  private BsonDocument upsertInsert(
      CollectionState state,
      DocumentValidator validator,
      BsonDocument filter,
      DocumentChange change) {
    BsonDocument seed = change.replacement() ? new BsonDocument() : UpsertSeed.fromFilter(filter);
    if (change.replacement() && filter.containsKey("_id")) {
      seed.put("_id", filter.get("_id"));
    }
    BsonDocument inserted =
        DocumentChecks.prepareForInsert(
            change.apply(seed, UpdateContext.forUpsertInsert(clock)).document());
    validator.checkInsert(inserted);
    checkNotDuplicate(state, inserted.get("_id"));
    log.checkIndexes(state, inserted);
    return inserted;
  }

  /** Fails if a live document has this {@code _id}. Caller holds the collection's write lock. */
  private void checkNotDuplicate(CollectionState state, BsonValue id) {
    Optional<BufferedDocument> buffered =
        state.buffer().get(id, state.view().floor(), Long.MAX_VALUE);
    boolean exists = buffered.isPresent() ? !buffered.get().isTombstone() : state.tableHolds(id);
    if (exists) {
      throw duplicateKey(state.namespace(), id);
    }
  }

  private static Filter parseFilter(
      BsonDocument filter, Collation collation, PipelineContext variables) {
    return QueryErrors.parseFilter(filter, collation, variables.scope(), variables::newVariables);
  }

  /** The collation a write follows: its own, else its collection's default. */
  private Collation effective(Namespace namespace, Collation requested) {
    return requested != null ? requested : collections.defaultCollation(namespace);
  }

  /**
   * A failure while findAndModify runs (matching, applying the change, checking and writing the
   * result), as opposed to parsing it: MongoDB's plan executor adds its context to the message and
   * keeps the code and the detail.
   */
  private static MongoLakeException executorError(MongoLakeException e) {
    return new MongoLakeException(
        e.errorCode(),
        "Plan executor error during findAndModify :: caused by :: " + e.getMessage(),
        e.errorInfo());
  }
}
