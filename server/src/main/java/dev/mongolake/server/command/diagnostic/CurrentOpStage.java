package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.auth.User;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.OperationsInProgress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code {aggregate: 1, pipeline: [{$currentOp: {...}}, ...]}} on {@code admin}: the operations in
 * progress, one document each as {@code currentOp} describes them, for the rest of the pipeline to
 * transform. {@code allUsers: false} (the default) keeps the operations of the caller's users (all
 * of them when the server runs without authentication); the options that would report what
 * MongoLake does not track (idle connections, idle cursors, backtraces) are refused by name.
 */
public final class CurrentOpStage {

  private static final Set<String> OPTIONS =
      Set.of(
          "allUsers",
          "idleConnections",
          "idleCursors",
          "idleSessions",
          "localOps",
          "backtrace",
          "truncateOps",
          "targetAllNodes");

  private CurrentOpStage() {}

  /** Whether {@code spec} asks for every user's operations (which needs the inprog privilege). */
  public static boolean allUsers(BsonValue spec) {
    return spec instanceof BsonDocument document
        && document.get("allUsers") instanceof BsonBoolean all
        && all.getValue();
  }

  /**
   * The operations {@code spec} asks for.
   *
   * @throws MongoLakeException InvalidNamespace outside {@code admin}, FailedToParse for a bad
   *     specification, NotImplemented for an option asking for what is not tracked
   */
  public static List<BsonDocument> operations(CommandRequest request, BsonValue spec) {
    if (!request.database().equals("admin")) {
      throw new MongoLakeException(
          ErrorCode.INVALID_NAMESPACE,
          "$currentOp must be run against the 'admin' database with {aggregate: 1}");
    }
    if (!(spec instanceof BsonDocument options)) {
      throw new MongoLakeException(
          ErrorCode.FAILED_TO_PARSE,
          "$currentOp options must be specified in an object, but found: "
              + spec.getBsonType().name().toLowerCase(java.util.Locale.ROOT));
    }
    for (Map.Entry<String, BsonValue> option : options.entrySet()) {
      if (!OPTIONS.contains(option.getKey())) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "Unrecognized option '" + option.getKey() + "' in $currentOp stage.");
      }
      if (!option.getValue().isBoolean()) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "The '"
                + option.getKey()
                + "' parameter of the $currentOp stage must be a boolean value");
      }
    }
    for (String untracked : List.of("idleConnections", "idleCursors", "backtrace")) {
      if (options.getBoolean(untracked, BsonBoolean.FALSE).getValue()) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot run $currentOp with " + untracked + ": true: it is not tracked");
      }
    }
    boolean everyone = allUsers(options);
    List<String> callers = names(request.connection().auth().users());
    Instant now = request.server().clock().instant();
    List<BsonDocument> out = new ArrayList<>();
    for (OperationsInProgress.Operation operation : request.server().operations().all()) {
      if (!everyone
          && !callers.isEmpty()
          && !names(operation.connection().auth().users()).equals(callers)) {
        continue;
      }
      out.add(CurrentOpCommand.describe(operation, now));
    }
    return out;
  }

  private static List<String> names(List<User> users) {
    return users.stream().map(user -> user.name() + "@" + user.database()).sorted().toList();
  }
}
