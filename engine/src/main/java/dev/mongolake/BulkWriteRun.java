package dev.mongolake;

import com.mongodb.bulk.BulkWriteInsert;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.BulkWriteUpsert;
import com.mongodb.client.model.DeleteManyModel;
import com.mongodb.client.model.DeleteOneModel;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateManyModel;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.InsertManyResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonValue;

/**
 * One {@code bulkWrite}: runs the operations in request order through the collection's own methods,
 * so each behaves exactly as it does alone. Consecutive inserts go to the engine as one batch,
 * which shares one log sync. Ordered runs stop at the first failure; unordered runs try every
 * operation.
 */
final class BulkWriteRun<T> {

  private final MongoLakeCollection<T> collection;
  private final boolean ordered;
  private final List<MongoLakeWriteException.WriteError> errors = new ArrayList<>();
  private final List<BulkWriteInsert> inserts = new ArrayList<>();
  private final List<BulkWriteUpsert> upserts = new ArrayList<>();
  private long matched;
  private long modified;
  private long deleted;

  BulkWriteRun(MongoLakeCollection<T> collection, boolean ordered) {
    this.collection = collection;
    this.ordered = ordered;
  }

  BulkWriteResult run(List<? extends WriteModel<? extends T>> requests) {
    if (requests.isEmpty()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_LENGTH,
          "Write batch sizes must be between 1 and 100000. Got 0 operations.");
    }
    int index = 0;
    while (index < requests.size() && (errors.isEmpty() || !ordered)) {
      if (requests.get(index) instanceof InsertOneModel<?>) {
        index = insertRun(requests, index);
      } else {
        runOne(requests.get(index), index);
        index++;
      }
    }
    BulkWriteResult result =
        BulkWriteResult.acknowledged(
            inserts.size(),
            (int) matched,
            (int) deleted,
            (int) modified,
            List.copyOf(upserts),
            List.copyOf(inserts));
    if (!errors.isEmpty()) {
      throw new MongoLakeBulkWriteException(errors, result);
    }
    return result;
  }

  /** Inserts the run of inserts starting at {@code start}; returns the index after it. */
  private int insertRun(List<? extends WriteModel<? extends T>> requests, int start) {
    List<T> documents = new ArrayList<>();
    int end = start;
    while (end < requests.size() && requests.get(end) instanceof InsertOneModel<?> insert) {
      documents.add(documentOf(insert));
      end++;
    }
    try {
      InsertManyResult result =
          collection.insertMany(documents, new InsertManyOptions().ordered(ordered));
      recordInserts(result.getInsertedIds(), start);
    } catch (MongoLakeWriteException e) {
      recordInserts(e.insertedIds(), start);
      for (MongoLakeWriteException.WriteError error : e.errors()) {
        errors.add(
            new MongoLakeWriteException.WriteError(
                start + error.index(), error.code(), error.message(), error.errorInfo()));
      }
    } catch (MongoLakeException e) {
      errors.add(MongoLakeWriteException.WriteError.of(start, e));
    }
    return end;
  }

  @SuppressWarnings("unchecked")
  private T documentOf(InsertOneModel<?> insert) {
    return (T) insert.getDocument();
  }

  private void recordInserts(Map<Integer, BsonValue> ids, int offset) {
    ids.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(e -> inserts.add(new BulkWriteInsert(offset + e.getKey(), e.getValue())));
  }

  @SuppressWarnings("unchecked")
  private void runOne(WriteModel<? extends T> request, int index) {
    try {
      switch (request) {
        case UpdateOneModel<? extends T> update ->
            updated(
                collection.updateWith(
                    update.getFilter(),
                    MongoLakeCollection.updateOf(update.getUpdate(), update.getUpdatePipeline()),
                    false,
                    update.getOptions()),
                index);
        case UpdateManyModel<? extends T> update ->
            updated(
                collection.updateWith(
                    update.getFilter(),
                    MongoLakeCollection.updateOf(update.getUpdate(), update.getUpdatePipeline()),
                    true,
                    update.getOptions()),
                index);
        case ReplaceOneModel<? extends T> replace ->
            updated(
                collection.replaceOne(
                    replace.getFilter(),
                    (T) replace.getReplacement(),
                    replace.getReplaceOptions() == null
                        ? new ReplaceOptions()
                        : replace.getReplaceOptions()),
                index);
        case DeleteOneModel<? extends T> delete ->
            deleted(collection.deleteOne(delete.getFilter()));
        case DeleteManyModel<? extends T> delete ->
            deleted(collection.deleteMany(delete.getFilter()));
        default ->
            throw new MongoLakeException(
                ErrorCode.BAD_VALUE,
                "Unsupported write model " + request.getClass().getSimpleName());
      }
    } catch (MongoLakeException e) {
      errors.add(MongoLakeWriteException.WriteError.of(index, e));
    }
  }

  private void updated(UpdateResult result, int index) {
    matched += result.getMatchedCount();
    modified += result.getModifiedCount();
    if (result.getUpsertedId() != null) {
      upserts.add(new BulkWriteUpsert(index, result.getUpsertedId()));
    }
  }

  private void deleted(DeleteResult result) {
    deleted += result.getDeletedCount();
  }
}
