package dev.mongolake.server.command.crud;

import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandArguments;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

/**
 * One update statement, as the {@code update} command's {@code updates} and {@code bulkWrite}'s
 * update operations carry it, run through the collection's own update methods.
 *
 * @param filter the documents it changes
 * @param update an operator document, a replacement, or a pipeline (an array of stages)
 * @param multi every match instead of the first
 * @param arrayFilters the {@code arrayFilters} documents, or null
 * @param sort MongoDB 8.0's {@code sort}: which match a single update changes; null for none
 */
record UpdateStatement(
    BsonDocument filter,
    BsonValue update,
    boolean multi,
    boolean upsert,
    List<BsonDocument> arrayFilters,
    BsonDocument sort) {

  /** MongoDB's message when a statement has both. */
  static final String SORT_WITH_MULTI = "Cannot specify sort with multi=true";

  /**
   * Checks that {@code update} is a document or a pipeline of documents, with MongoDB's messages.
   */
  static BsonValue checkedUpdate(BsonValue update) {
    if (!update.isDocument() && !update.isArray()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE, "Update argument must be either an object or an array");
    }
    if (update.isArray()) {
      for (BsonValue stage : update.asArray()) {
        if (!stage.isDocument()) {
          throw new MongoLakeException(
              ErrorCode.TYPE_MISMATCH, "Each element of the 'pipeline' array must be an object");
        }
      }
    }
    return update;
  }

  /**
   * The documents of an {@code arrayFilters} array (null when absent), refusing other elements as
   * MongoDB's parser does: {@code BSON field '<path>.0' is the wrong type 'int', expected type
   * 'object'}.
   */
  static List<BsonDocument> arrayFilters(BsonArray filters, String path) {
    if (filters == null) {
      return null;
    }
    List<BsonDocument> documents = new ArrayList<>(filters.size());
    for (int i = 0; i < filters.size(); i++) {
      BsonValue filter = filters.get(i);
      if (!filter.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH,
            "BSON field '"
                + path
                + "."
                + i
                + "' is the wrong type '"
                + CommandArguments.typeName(filter)
                + "', expected type 'object'");
      }
      documents.add(filter.asDocument());
    }
    return documents;
  }

  /** Whether it changes one document ({@code {$natural: -1}} would then choose which). */
  boolean picksOne() {
    return !multi && sort == null;
  }

  /**
   * Runs it with the command's {@code let} variables (null: none).
   *
   * @throws MongoLakeException as the collection's update methods do, FailedToParse for a sort with
   *     {@code multi}
   */
  UpdateResult run(MongoLakeCollection<BsonDocument> collection, BsonDocument let) {
    UpdateOptions options = new UpdateOptions().upsert(upsert).let(let).sort(sort);
    if (arrayFilters != null) {
      options.arrayFilters(List.<Bson>copyOf(arrayFilters));
    }
    checkedUpdate(update);
    if (update.isArray()) {
      List<BsonDocument> pipeline = new ArrayList<>();
      for (BsonValue stage : update.asArray()) {
        pipeline.add(stage.asDocument());
      }
      return multi
          ? collection.updateMany(filter, pipeline, options)
          : collection.updateOne(filter, pipeline, options);
    }
    return multi
        ? collection.updateMany(filter, update.asDocument(), options)
        : collection.updateOne(filter, update.asDocument(), options);
  }
}
