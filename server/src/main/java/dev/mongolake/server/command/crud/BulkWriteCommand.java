package dev.mongolake.server.command.crud;

import com.mongodb.client.model.DeleteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.result.UpdateResult;
import dev.mongolake.ErrorCode;
import dev.mongolake.ExecutedStatement;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeWriteException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.Cancellation;
import dev.mongolake.delta.exceptions.QueryException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.CollationArgument;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.RetryableStatements;
import dev.mongolake.server.command.diagnostic.AdminDatabase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * MongoDB 8.0's {@code bulkWrite} (what drivers' {@code client.bulkWrite} sends, on {@code admin}):
 * inserts, updates and deletes across namespaces, {@code {bulkWrite: 1, ops: [{insert: 0,
 * document}, {update: 1, filter, updateMods, multi, upsert, arrayFilters, hint, sort}, {delete: 0,
 * filter, multi, hint}], nsInfo: [{ns: "db.coll"}], ordered, errorsOnly, let, cursor}}.
 *
 * <p>Each operation runs through the collection's own methods, as its single-collection command
 * would; consecutive inserts into one namespace go to the engine as one batch. An ordered run stops
 * at the first failed operation, an unordered one tries them all. The reply is a cursor of
 * per-operation results with the summary counts (see {@link BulkWriteReplies}).
 */
public final class BulkWriteCommand extends CollectionCommand {

  /**
   * 8.0's fields. {@code bypassDocumentValidation} skips the collections' validators (and needs its
   * own action on every namespace). {@code stmtId} and {@code stmtIds} belong to retryable writes,
   * which a standalone does not take.
   */
  private static final CommandFields FIELDS =
      CommandFields.of(
              "bulkWrite",
              "ops",
              "nsInfo",
              "ordered",
              "errorsOnly",
              "let",
              "cursor",
              "bypassDocumentValidation")
          .refusing("stmtId", "stmtIds");

  private final CursorRegistry cursors;

  public BulkWriteCommand(MongoLake lake, CursorRegistry cursors) {
    super(lake);
    this.cursors = cursors;
  }

  @Override
  public String name() {
    return "bulkWrite";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /** The write actions of its operations on every namespace they name (see the request). */
  @Override
  public Access access(CommandRequest request) {
    AdminDatabase.require(request);
    return BulkWriteRequest.parse(request.body()).access();
  }

  /**
   * Each operation is a statement of a retryable write (its index its stmtId), run at most once.
   */
  @Override
  public boolean retryableWrite() {
    return true;
  }

  @Override
  public String help() {
    return "Apply inserts, updates and deletes to several collections in one request.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    AdminDatabase.require(request);
    BulkWriteRequest bulk = BulkWriteRequest.parse(request.body());
    BulkWriteReplies replies = new BulkWriteReplies(bulk.errorsOnly());
    List<BulkWriteOp> ops = bulk.ops();
    Optional<RetryableStatements> retryable = request.retryable();
    int index = 0;
    boolean carryOn = true;
    while (index < ops.size() && carryOn) {
      // Between operations: killOp and maxTimeMS fail the command, not one operation.
      Cancellation.checkpoint();
      if (ops.get(index) instanceof BulkWriteOp.Insert) {
        int end = index;
        while (end < ops.size()
            && ops.get(end) instanceof BulkWriteOp.Insert insert
            && insert.ns() == ops.get(index).ns()) {
          end++;
        }
        carryOn = insert(bulk, index, end, replies, retryable) || !bulk.ordered();
        index = end;
      } else {
        carryOn = runOne(bulk, index, replies, retryable) || !bulk.ordered();
        index++;
      }
    }
    return replies.reply(cursors, bulk.batchSize(), request.cursorOwner());
  }

  /**
   * Inserts operations {@code [start, end)}, all into one namespace; false if any failed. In a
   * retryable write, an operation whose statement already ran counts as inserted and is not
   * inserted again.
   */
  private boolean insert(
      BulkWriteRequest bulk,
      int start,
      int end,
      BulkWriteReplies replies,
      Optional<RetryableStatements> retryable) {
    List<Integer> pending = new ArrayList<>(end - start);
    Map<Integer, Integer> positions = new HashMap<>();
    List<BsonDocument> documents = new ArrayList<>(end - start);
    for (int i = start; i < end; i++) {
      if (retryable.isEmpty() || retryable.get().executed(i).isEmpty()) {
        positions.put(i, pending.size());
        pending.add(i);
        documents.add(((BulkWriteOp.Insert) bulk.ops().get(i)).document());
      }
    }
    Map<Integer, BsonValue> inserted;
    Map<Integer, MongoLakeException> failed = new HashMap<>();
    MongoLakeCollection<BsonDocument> collection =
        target(bulk, bulk.namespace(bulk.ops().get(start)));
    Supplier<Map<Integer, BsonValue>> insert =
        () ->
            documents.isEmpty()
                ? Map.of()
                : collection
                    .insertMany(documents, new InsertManyOptions().ordered(bulk.ordered()))
                    .getInsertedIds();
    try {
      inserted = retryable.isPresent() ? retryable.get().run(pending, insert) : insert.get();
    } catch (MongoLakeWriteException e) {
      inserted = e.insertedIds();
      e.errors().forEach(error -> failed.put(error.index(), error.toException()));
    } catch (MongoLakeException e) {
      if (interrupts(e)) {
        throw e;
      }
      // The batch failed as a whole (a view, for one): so did each of its operations.
      inserted = Map.of();
      for (int i = 0; i < (bulk.ordered() ? 1 : documents.size()); i++) {
        failed.put(i, e);
      }
    }
    for (int i = start; i < end; i++) {
      Integer position = positions.get(i);
      if (position == null || inserted.containsKey(position)) {
        replies.inserted(i);
      } else if (failed.containsKey(position)) {
        replies.failed(i, failed.get(position), false);
      }
    }
    return failed.isEmpty();
  }

  /** The collection the operations on {@code namespace} write, skipping validators if asked. */
  private MongoLakeCollection<BsonDocument> target(BulkWriteRequest bulk, Namespace namespace) {
    MongoLakeCollection<BsonDocument> collection = collection(namespace);
    return bulk.bypassDocumentValidation() ? collection.bypassingDocumentValidation() : collection;
  }

  /** Runs the update or delete at {@code index}; false if it failed. */
  private boolean runOne(
      BulkWriteRequest bulk,
      int index,
      BulkWriteReplies replies,
      Optional<RetryableStatements> retryable) {
    BulkWriteOp op = bulk.ops().get(index);
    Namespace namespace = bulk.namespace(op);
    try {
      MongoLakeCollection<BsonDocument> collection = target(bulk, namespace);
      Optional<ExecutedStatement> executed = Optional.empty();
      if (retryable.isPresent()) {
        boolean multi =
            op instanceof BulkWriteOp.Update update
                ? update.statement().multi()
                : op instanceof BulkWriteOp.Delete delete && delete.multi();
        if (multi) {
          throw RetryableStatements.notRetryableInBulkWrite();
        }
        executed = retryable.get().executed(index);
      }
      if (executed.isPresent()) {
        // A retry answers as the first run did.
        ExecutedStatement first = executed.get();
        switch (first.kind()) {
          case INSERTED ->
              replies.updated(index, UpdateResult.acknowledged(0, 0L, first.documentId()));
          case UPDATED -> replies.updated(index, UpdateResult.acknowledged(1, 1L, null));
          case DELETED -> replies.deleted(index, 1);
        }
        return true;
      }
      switch (op) {
        case BulkWriteOp.Update update -> {
          IndexHint.checkForOneDocument(
              lake(), namespace, update.hint(), update.statement().picksOne());
          MongoLakeCollection<BsonDocument> updating =
              collection.withCollation(CollationArgument.of(update.collation()));
          Supplier<UpdateResult> run = () -> update.statement().run(updating, bulk.let());
          replies.updated(
              index, retryable.isPresent() ? retryable.get().run(index, run) : run.get());
        }
        case BulkWriteOp.Delete delete -> {
          IndexHint.checkForOneDocument(lake(), namespace, delete.hint(), !delete.multi());
          DeleteOptions options = new DeleteOptions().let(bulk.let());
          MongoLakeCollection<BsonDocument> deleting =
              collection.withCollation(CollationArgument.of(delete.collation()));
          Supplier<Long> run =
              () ->
                  delete.multi()
                      ? deleting.deleteMany(delete.filter(), options).getDeletedCount()
                      : deleting.deleteOne(delete.filter(), options).getDeletedCount();
          replies.deleted(
              index, retryable.isPresent() ? retryable.get().run(index, run) : run.get());
        }
        case BulkWriteOp.Insert insert -> throw new IllegalStateException("inserts run in batches");
      }
      return true;
    } catch (MongoLakeException | QueryException e) {
      MongoLakeException error =
          e instanceof QueryException query
              ? MongoLakeException.fromQueryError(query)
              : (MongoLakeException) e;
      if (interrupts(error)) {
        throw error;
      }
      replies.failed(index, error, op instanceof BulkWriteOp.Update);
      return false;
    }
  }

  /** A killOp or an expired maxTimeMS fails the command, as MongoDB's does, not one operation. */
  private static boolean interrupts(MongoLakeException error) {
    return error.errorCode() == ErrorCode.INTERRUPTED
        || error.errorCode() == ErrorCode.MAX_TIME_MS_EXPIRED;
  }
}
