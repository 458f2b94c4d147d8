package dev.mongolake.server.command.crud;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.delta.order.Collation;
import dev.mongolake.server.command.CommandRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * {@code local.oplog.rs} on a replica set member: the write-ahead log read as MongoDB's oplog (see
 * {@link MongoLake#oplog}). Reads stream the log's records through the query's stages; a standalone
 * has no oplog, so there the name is an ordinary (absent) collection.
 */
final class OplogView {

  static final Namespace OPLOG = new Namespace("local", "oplog.rs");

  private OplogView() {}

  /** Whether {@code namespace} is the oplog of this server (it is in replica-set mode). */
  static boolean serves(CommandRequest request, Namespace namespace) {
    return OPLOG.equals(namespace) && request.server().replicaSet().isPresent();
  }

  /**
   * A find's results: its filter, sort (by {@code $natural} the log's order, either way, any other
   * sort a sort stage), skip, limit and projection, over the entries.
   */
  static Iterator<BsonDocument> find(
      MongoLake lake,
      BsonDocument filter,
      BsonDocument sort,
      BsonDocument projection,
      int skip,
      int limit,
      BsonDocument let,
      boolean allowDiskUse,
      Collation collation) {
    boolean newestFirst = false;
    List<BsonDocument> stages = new ArrayList<>();
    if (!filter.isEmpty()) {
      stages.add(new BsonDocument("$match", filter));
    }
    if (sort.containsKey("$natural")) {
      if (sort.size() != 1) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "$natural sort cannot be combined with other sort keys");
      }
      newestFirst = naturalDirection(sort.get("$natural")) < 0;
    } else if (!sort.isEmpty()) {
      stages.add(new BsonDocument("$sort", sort));
    }
    if (skip > 0) {
      stages.add(new BsonDocument("$skip", new BsonInt64(skip)));
    }
    if (limit > 0) {
      stages.add(new BsonDocument("$limit", new BsonInt64(limit)));
    }
    if (projection != null && !projection.isEmpty()) {
      stages.add(new BsonDocument("$project", projection));
    }
    return aggregate(lake, stages, let, allowDiskUse, collation, newestFirst);
  }

  /** An aggregation pipeline over the entries, oldest first. */
  static Iterator<BsonDocument> aggregate(
      MongoLake lake,
      List<BsonDocument> pipeline,
      BsonDocument let,
      boolean allowDiskUse,
      Collation collation,
      boolean newestFirst) {
    Pipeline stages =
        Pipeline.parse(
            pipeline,
            AggregationEnvironment.standalone(
                Instant.now(),
                let == null ? new BsonDocument() : let,
                allowDiskUse,
                collation == null ? Collation.SIMPLE : collation));
    return stages.run(lake.oplog(newestFirst));
  }

  private static int naturalDirection(BsonValue value) {
    if (value.isNumber()) {
      double direction = value.asNumber().doubleValue();
      if (direction == 1 || direction == -1) {
        return (int) direction;
      }
    }
    throw new MongoLakeException(
        ErrorCode.BAD_VALUE, "$natural sort must be 1 or -1, not " + value);
  }
}
