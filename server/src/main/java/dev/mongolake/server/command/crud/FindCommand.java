package dev.mongolake.server.command.crud;

import com.mongodb.CursorType;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeFindIterable;
import dev.mongolake.MongoLakeTailableCursor;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.command.CollationArgument;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.SnapshotRead;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * {@code find}: filter, sort, projection, skip, limit, batchSize, singleBatch, noCursorTimeout, and
 * on a capped collection {@code tailable} and {@code awaitData} (see {@link TailableFind}). Results
 * beyond the first batch stay on a server cursor, read from the query's snapshot; with {@code
 * noCursorTimeout: true} the cursor is never closed for being idle.
 */
public final class FindCommand extends CollectionCommand {

  private final CursorRegistry cursors;

  public FindCommand(MongoLake lake, CursorRegistry cursors) {
    super(lake);
    this.cursors = cursors;
  }

  /** MongoDB 7's find fields; the options not implemented are refused by name. */
  private static final CommandFields FIELDS =
      CommandFields.of(
              "find",
              "filter",
              "projection",
              "sort",
              "hint",
              "skip",
              "limit",
              "batchSize",
              "singleBatch",
              "allowDiskUse",
              "allowPartialResults",
              "noCursorTimeout",
              "let",
              "collation",
              "tailable",
              "awaitData")
          .refusingUnless("returnKey", CommandFields.FALSE)
          .refusingUnless("showRecordId", CommandFields.FALSE)
          .refusing(
              "min",
              "max",
              "oplogReplay",
              "readOnce",
              "term",
              "resumeAfter",
              "requestResumeToken",
              "$_requestResumeToken",
              "$_resumeAfter");

  @Override
  public String name() {
    return "find";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return onCollection(request, ActionType.FIND);
  }

  @Override
  public String help() {
    return "Query a collection; returns a cursor.";
  }

  /**
   * A find by one {@code _id} value on local tables is quick: a lookup in the buffer or in one data
   * file, never a scan, and no network round trip.
   */
  @Override
  public boolean quick(BsonDocument body) {
    return tablesAreLocal()
        && body.get("filter") instanceof BsonDocument filter
        && filter.size() == 1
        && filter.get("_id") instanceof BsonValue id
        && !id.isDocument()
        && !id.isArray()
        && !id.isRegularExpression();
  }

  /** A find on the oplog of a replica set member: the log's records as oplog entries. */
  private BsonDocument findInOplog(
      CommandRequest request, CommandArguments args, Namespace namespace, BsonDocument sort) {
    long limit = args.number("limit", 0);
    boolean singleBatch = args.bool("singleBatch", false) || limit < 0;
    if (TailableFind.cursorType(args, singleBatch).isPresent()) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "find's 'tailable' option is not supported on " + namespace.fullName());
    }
    return cursors.firstBatch(
        namespace.fullName(),
        OplogView.find(
            lake(),
            args.document("filter", new BsonDocument()),
            sort,
            args.document("projection", null),
            args.nonNegativeInt("skip", 0),
            (int) Math.min(Integer.MAX_VALUE, Math.abs(limit)),
            args.document("let", null),
            args.bool("allowDiskUse", true),
            CollationArgument.of(request.body().get("collation"))),
        args.nonNegativeInt("batchSize", CursorRegistry.DEFAULT_FIRST_BATCH),
        singleBatch,
        request.cursorOwner(),
        args.optionalBool("noCursorTimeout"));
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    BsonDocument sort = args.document("sort", new BsonDocument());
    Optional<Integer> natural = IndexHint.check(lake(), namespace, request.body().get("hint"));
    if (natural.isPresent() && sort.isEmpty()) {
      // hint({$natural: -1}) without a sort reads the collection backwards, as in MongoDB.
      sort = new BsonDocument("$natural", new BsonInt32(natural.get()));
    }
    if (OplogView.serves(request, namespace)) {
      return findInOplog(request, args, namespace, sort);
    }
    Optional<SnapshotRead> snapshot = SnapshotRead.of(request, lake());
    MongoLakeFindIterable<BsonDocument> query =
        reading(namespace, snapshot)
            .withCollation(CollationArgument.of(request.body().get("collation")))
            .find(args.document("filter", new BsonDocument()))
            .sort(sort)
            .projection(args.document("projection", null))
            .let(args.document("let", null))
            .allowDiskUse(args.bool("allowDiskUse", true))
            .skip(args.nonNegativeInt("skip", 0));
    long limit = args.number("limit", 0);
    boolean singleBatch = args.bool("singleBatch", false) || limit < 0;
    query.limit((int) Math.min(Integer.MAX_VALUE, Math.abs(limit)));
    int batchSize = args.nonNegativeInt("batchSize", CursorRegistry.DEFAULT_FIRST_BATCH);
    boolean noCursorTimeout = args.optionalBool("noCursorTimeout");
    Optional<CursorType> tailable = TailableFind.cursorType(args, singleBatch);
    if (tailable.isPresent() && snapshot.isPresent()) {
      throw new MongoLakeException(
          ErrorCode.INVALID_OPTIONS,
          "Cannot open a tailable cursor with readConcern level 'snapshot': a snapshot holds no"
              + " later documents");
    }
    if (tailable.isPresent()) {
      return cursors.firstTailableBatch(
          namespace.fullName(),
          (MongoLakeTailableCursor<BsonDocument>) query.cursorType(tailable.get()).iterator(),
          batchSize,
          request.cursorOwner(),
          noCursorTimeout);
    }
    try {
      BsonDocument reply =
          cursors.firstBatch(
              namespace.fullName(),
              query.iterator(),
              batchSize,
              singleBatch,
              request.cursorOwner(),
              noCursorTimeout);
      return snapshot.map(read -> read.stamp(reply)).orElse(reply);
    } catch (MongoLakeException e) {
      // MongoDB names the command a sort over its memory limit failed in.
      if (e.errorCode() == ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED) {
        throw new MongoLakeException(
            e.errorCode(),
            "Executor error during find command :: caused by :: " + e.getMessage(),
            e);
      }
      throw e;
    }
  }
}
