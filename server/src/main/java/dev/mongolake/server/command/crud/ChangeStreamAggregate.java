package dev.mongolake.server.command.crud;

import dev.mongolake.ChangeStreamOptions;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeChangeStream;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.command.CommandRequest;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code aggregate} with {@code $changeStream} first, on a replica set member (a standalone keeps
 * MongoDB's 40573): a stream on the collection named, on the database ({@code aggregate: 1}), or on
 * the whole deployment ({@code aggregate: 1} on {@code admin} with {@code allChangesForCluster}).
 * Its cursor stays open; getMore waits for events up to {@code maxAwaitTimeMS}.
 *
 * @param namespace the cursor's namespace, as MongoDB names it
 * @param events the stream
 */
record ChangeStreamAggregate(String namespace, MongoLakeChangeStream events) {

  private static final Set<String> INTERNAL_DATABASES = Set.of("admin", "config", "local");

  /** Whether the request opens a change stream this server serves. */
  static boolean serves(CommandRequest request, List<BsonDocument> pipeline) {
    return request.server().replicaSet().isPresent()
        && !pipeline.isEmpty()
        && pipeline.getFirst().containsKey("$changeStream");
  }

  /**
   * Opens the stream.
   *
   * @throws MongoLakeException FailedToParse when the stage's value is not a document,
   *     InvalidNamespace for a stream on an internal database, InvalidOptions for {@code
   *     allChangesForCluster} elsewhere than on {@code admin}, and the options' own refusals
   */
  static ChangeStreamAggregate open(
      MongoLake lake, CommandRequest request, List<BsonDocument> pipeline) {
    BsonValue spec = pipeline.getFirst().get("$changeStream");
    if (!spec.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "the $changeStream stage must take an object, but found: " + spec.getBsonType());
    }
    ChangeStreamOptions options = ChangeStreamOptions.parse(spec.asDocument());
    List<BsonDocument> rest = pipeline.subList(1, pipeline.size());
    String database = request.database();
    BsonValue target = request.body().get("aggregate");
    if (options.allChangesForCluster()) {
      if (!database.equals("admin") || target.isString()) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "A $changeStream with 'allChangesForCluster:true' may only be opened on the 'admin'"
                + " database, and with no collection name");
      }
      return new ChangeStreamAggregate("admin.$cmd.aggregate", lake.watch(rest, options));
    }
    if (INTERNAL_DATABASES.contains(database)) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "$changeStream may not be opened on the internal " + database + " database");
    }
    if (!target.isString()) {
      return new ChangeStreamAggregate(
          database + ".$cmd.aggregate", lake.db(database).watch(rest, options));
    }
    Namespace namespace = new Namespace(database, target.asString().getValue());
    if (namespace.collection().startsWith("system.")) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "$changeStream may not be opened on the internal "
              + namespace.fullName()
              + " collection");
    }
    return new ChangeStreamAggregate(
        namespace.fullName(),
        lake.db(database)
            .collection(namespace.collection(), BsonDocument.class)
            .watch(rest, options));
  }
}
