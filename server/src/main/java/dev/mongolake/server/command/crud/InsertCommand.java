package dev.mongolake.server.command.crud;

import com.mongodb.client.model.InsertManyOptions;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeWriteException;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.RetryableStatements;
import dev.mongolake.server.wire.WireLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/** {@code insert}: {@code {insert: <coll>, documents: [...], ordered: true}}. */
public final class InsertCommand extends CollectionCommand {

  private static final int QUICK_BATCH = 1000;

  public InsertCommand(MongoLake lake) {
    super(lake);
  }

  /** MongoDB 7's insert fields; {@code bypassDocumentValidation} skips the validator. */
  private static final CommandFields FIELDS =
      CommandFields.of("insert", "documents", "ordered", "bypassDocumentValidation");

  @Override
  public String name() {
    return "insert";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return writing(request, ActionType.INSERT);
  }

  /** Each document is a statement of a retryable write, inserted at most once. */
  @Override
  public boolean retryableWrite() {
    return true;
  }

  @Override
  public String help() {
    return "Insert documents into a collection.";
  }

  /**
   * A batch of up to {@value #QUICK_BATCH} documents into local tables is quick (each costs CPU, a
   * log record and a duplicate check that may read a data file) unless the buffers are full and the
   * write would stall until a flush.
   */
  @Override
  public boolean quick(BsonDocument body) {
    return tablesAreLocal()
        && body.get("documents") instanceof BsonArray documents
        && documents.size() <= QUICK_BATCH
        && !lake().writesWouldStall();
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    List<BsonDocument> documents = args.documents("documents");
    if (documents.isEmpty() || documents.size() > WireLimits.MAX_WRITE_BATCH_SIZE) {
      throw new MongoLakeException(
          ErrorCode.INVALID_LENGTH,
          "Write batch sizes must be between 1 and "
              + WireLimits.MAX_WRITE_BATCH_SIZE
              + ". Got "
              + documents.size()
              + " operations.");
    }
    boolean ordered = args.bool("ordered", true);
    WriteErrors errors = new WriteErrors();
    Optional<RetryableStatements> retryable = request.retryable();
    // A retry inserts only the documents whose statements did not run; they count as inserted.
    List<Integer> pending = new ArrayList<>(documents.size());
    int inserted = 0;
    for (int i = 0; i < documents.size(); i++) {
      if (retryable.isPresent() && retryable.get().executed(i).isPresent()) {
        inserted++;
      } else {
        pending.add(i);
      }
    }
    List<BsonDocument> toInsert =
        pending.size() == documents.size()
            ? documents
            : pending.stream().map(documents::get).toList();
    MongoLakeCollection<BsonDocument> collection = collection(namespace, request);
    Supplier<Integer> insert =
        () ->
            collection
                .insertMany(toInsert, new InsertManyOptions().ordered(ordered))
                .getInsertedIds()
                .size();
    try {
      if (!toInsert.isEmpty()) {
        inserted += retryable.isPresent() ? retryable.get().run(pending, insert) : insert.get();
      }
    } catch (MongoLakeWriteException e) {
      inserted += e.insertedIds().size();
      e.errors().forEach(error -> errors.add(pending.get(error.index()), error.toException()));
    }
    BsonDocument reply = new BsonDocument("n", new BsonInt32(inserted));
    errors.addTo(reply);
    return reply;
  }
}
