package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.CollationArgument;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.CursorRegistry;
import dev.mongolake.server.command.SnapshotRead;
import dev.mongolake.server.command.diagnostic.CurrentOpStage;
import dev.mongolake.server.command.diagnostic.StorageStats;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** {@code aggregate}: {@code {aggregate: <coll>, pipeline: [...], cursor: {batchSize}}}. */
public final class AggregateCommand extends CollectionCommand {

  private final CursorRegistry cursors;

  public AggregateCommand(MongoLake lake, CursorRegistry cursors) {
    super(lake);
    this.cursors = cursors;
  }

  /** MongoDB 7's aggregate fields; the options not implemented are refused by name. */
  private static final CommandFields FIELDS =
      CommandFields.of(
              "aggregate",
              "pipeline",
              "explain",
              "allowDiskUse",
              "cursor",
              "bypassDocumentValidation",
              "let",
              "collation")
          .refusing("exchange", "isMapReduceCommand", "fromMongos", "needsMerge");

  @Override
  public String name() {
    return "aggregate";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  /**
   * {@code find}, except that a pipeline reading {@code $collStats} needs {@code collStats}, and
   * one reading {@code $indexStats} {@code indexStats} (the rest of it only transforms the
   * statistics).
   */
  @Override
  public Access access(CommandRequest request) {
    List<Access> foreign =
        AggregateAccess.of(
            request.database(), request.body().get("pipeline"), asksToBypassValidation(request));
    Access own;
    BsonDocument leading =
        request.body().get("pipeline") instanceof BsonArray stages
                && !stages.isEmpty()
                && stages.get(0) instanceof BsonDocument stage
            ? stage
            : new BsonDocument();
    if (!request.body().isString(name()) && leading.containsKey("$currentOp")) {
      // Anyone may see their own operations; everyone's need inprog, as for currentOp.
      own =
          CurrentOpStage.allUsers(leading.get("$currentOp"))
              ? Access.to(Resource.cluster(), ActionType.INPROG)
              : Access.authenticated();
    } else if (!request.body().isString(name())) {
      // A database-level aggregation ({aggregate: 1}) reads no collection of its own.
      own = Access.to(Resource.database(request.database()), ActionType.FIND);
    } else {
      BsonDocument first =
          request.body().get("pipeline") instanceof BsonArray pipeline
                  && !pipeline.isEmpty()
                  && pipeline.get(0) instanceof BsonDocument stage
              ? stage
              : new BsonDocument();
      ActionType action =
          first.containsKey("$collStats")
              ? ActionType.COLL_STATS
              : first.containsKey("$indexStats") ? ActionType.INDEX_STATS : ActionType.FIND;
      own = onCollection(request, action);
    }
    if (foreign.isEmpty()) {
      return own;
    }
    List<Access> all = new ArrayList<>(foreign);
    all.addFirst(own);
    return Access.allOf(all);
  }

  @Override
  public String help() {
    return "Run an aggregation pipeline; returns a cursor.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    List<BsonDocument> pipeline = args.documents("pipeline");
    if (dev.mongolake.server.command.TransactionContext.txnNumber() != null) {
      // As MongoDB: a transaction's aggregation reads; its writes are the CRUD commands'.
      for (BsonDocument stage : pipeline) {
        for (String writer : List.of("$out", "$merge")) {
          if (stage.containsKey(writer)) {
            throw new MongoLakeException(
                ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
                writer + " cannot be used in a transaction");
          }
        }
      }
    }
    if (!request.body().containsKey("cursor") && !request.body().containsKey("explain")) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "The 'cursor' option is required, except for aggregate with the explain argument");
    }
    int batchSize =
        new CommandArguments("aggregate.cursor", args.document("cursor", new BsonDocument()))
            .nonNegativeInt("batchSize", CursorRegistry.DEFAULT_FIRST_BATCH);
    if (args.bool("explain", false)) {
      // Running the pipeline would answer results, not a plan (and $out/$merge would write).
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "aggregate's 'explain' option is not supported: use the explain command");
    }
    BsonDocument let = args.document("let", null);
    boolean allowDiskUse = args.bool("allowDiskUse", true);
    Collation collation = CollationArgument.of(request.body().get("collation"));
    Collation givenOrSimple = collation == null ? Collation.SIMPLE : collation;
    if (ChangeStreamAggregate.serves(request, pipeline)) {
      ChangeStreamAggregate stream = ChangeStreamAggregate.open(lake(), request, pipeline);
      return cursors.firstTailableBatch(
          stream.namespace(), stream.events(), batchSize, request.cursorOwner(), false);
    }
    if (!request.body().get("aggregate").isString()) {
      if (!request.body().get("aggregate").isNumber()
          || request.body().get("aggregate").asNumber().doubleValue() != 1) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "Invalid command format: the 'aggregate' field must specify a collection name or 1");
      }
      if (!pipeline.isEmpty() && pipeline.getFirst().containsKey("$currentOp")) {
        List<BsonDocument> operations =
            CurrentOpStage.operations(request, pipeline.getFirst().get("$currentOp"));
        Iterator<BsonDocument> results =
            overGivenDocuments(
                    pipeline.subList(1, pipeline.size()), let, allowDiskUse, givenOrSimple)
                .run(operations.iterator());
        return firstBatch(request.database() + ".$cmd.aggregate", results, batchSize, request);
      }
      Optional<SnapshotRead> snapshot = SnapshotRead.of(request, lake());
      MongoLakeDatabase database =
          snapshot.isPresent()
              ? snapshot.get().database(lake(), request.database())
              : database(request);
      Iterator<BsonDocument> results =
          database.aggregate(pipeline, let, allowDiskUse, givenOrSimple);
      BsonDocument reply =
          firstBatch(request.database() + ".$cmd.aggregate", results, batchSize, request);
      return snapshot.map(read -> read.stamp(reply)).orElse(reply);
    }
    Namespace namespace = args.namespace(request.database());
    IndexHint.check(lake(), namespace, request.body().get("hint"));
    if (OplogView.serves(request, namespace)) {
      Iterator<BsonDocument> results =
          OplogView.aggregate(lake(), pipeline, let, allowDiskUse, collation, false);
      return firstBatch(namespace.fullName(), results, batchSize, request);
    }
    if (!pipeline.isEmpty() && pipeline.getFirst().containsKey("$collStats")) {
      Iterator<BsonDocument> results =
          collStats(namespace, pipeline, let, allowDiskUse, givenOrSimple, request);
      return firstBatch(namespace.fullName(), results, batchSize, request);
    }
    Optional<SnapshotRead> snapshot = SnapshotRead.of(request, lake());
    MongoLakeCollection<BsonDocument> source =
        snapshot.isPresent() ? reading(namespace, snapshot) : collection(namespace, request);
    Iterator<BsonDocument> results =
        source
            .withCollation(collation)
            .aggregate(pipeline, let, allowDiskUse, request.connection().localAddress());
    BsonDocument reply = firstBatch(namespace.fullName(), results, batchSize, request);
    return snapshot.map(read -> read.stamp(reply)).orElse(reply);
  }

  /**
   * Failures MongoDB raises while it builds the pipeline, which the engine raises when the stage
   * first runs: they keep MongoDB's unprefixed message ({@code $merge}'s check that its {@code on}
   * fields have a unique index).
   */
  private static final Set<ErrorCode> BUILT_IN_MONGODB = Set.of(ErrorCode.LOCATION_51183);

  /**
   * The first batch of a parsed pipeline. A failure while the pipeline runs (as opposed to while it
   * is parsed and optimized, above) reaches the client as MongoDB's plan executor reports it: its
   * code and detail kept, its message after {@code PlanExecutor error during aggregation :: caused
   * by ::}.
   */
  private BsonDocument firstBatch(
      String namespace, Iterator<BsonDocument> results, int batchSize, CommandRequest request) {
    try {
      return cursors.firstBatch(namespace, results, batchSize, false, request.cursorOwner());
    } catch (MongoLakeException e) {
      if (BUILT_IN_MONGODB.contains(e.errorCode())) {
        throw e;
      }
      throw new MongoLakeException(
          e.errorCode(),
          "PlanExecutor error during aggregation :: caused by :: " + e.getMessage(),
          e.errorInfo());
    }
  }

  /** The command's database; its writes skip validators when the command asks. */
  private MongoLakeDatabase database(CommandRequest request) {
    MongoLakeDatabase database = lake().db(request.database());
    return bypassesValidation(request) ? database.bypassingDocumentValidation() : database;
  }

  /**
   * {@code $collStats} (first stage only, as in MongoDB): the collection's statistics as one
   * document, which the rest of the pipeline then transforms.
   */
  private Iterator<BsonDocument> collStats(
      Namespace namespace,
      List<BsonDocument> pipeline,
      BsonDocument let,
      boolean allowDiskUse,
      Collation collation,
      CommandRequest request) {
    BsonValue spec = pipeline.getFirst().get("$collStats");
    if (!spec.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "$collStats must take a nested object but found: " + spec.getBsonType());
    }
    BsonDocument stats =
        StorageStats.collStatsStage(
            lake(), namespace, spec.asDocument(), request.connection().localAddress());
    return overGivenDocuments(pipeline.subList(1, pipeline.size()), let, allowDiskUse, collation)
        .run(List.of(stats).iterator());
  }

  /**
   * The stages after a leading stage the server answers itself ({@code $currentOp}, {@code
   * $collStats}), with the command's {@code let} and {@code allowDiskUse}.
   */
  private static Pipeline overGivenDocuments(
      List<BsonDocument> stages, BsonDocument let, boolean allowDiskUse, Collation collation) {
    return Pipeline.parse(
        stages,
        AggregationEnvironment.standalone(
            Instant.now(), let == null ? new BsonDocument() : let, allowDiskUse, collation));
  }
}
