package dev.mongolake.server.rest;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.CommandDispatcher;
import dev.mongolake.server.command.ConnectionInfo;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The REST API's way into the database: it runs the same commands the wire protocol runs, through
 * the same dispatcher, so both front ends share validation, authorization, error codes and metrics.
 * Failures come back as {@link MongoLakeException}s carrying the command's code.
 */
public final class CommandClient {

  private final CommandDispatcher dispatcher;

  public CommandClient(CommandDispatcher dispatcher) {
    this.dispatcher = dispatcher;
  }

  /**
   * Runs a command and returns its successful reply.
   *
   * @throws MongoLakeException the command's error, or its first write error
   */
  public BsonDocument run(String database, BsonDocument command, ConnectionInfo connection) {
    BsonDocument reply = dispatcher.dispatch(database, command, connection);
    BsonValue ok = reply.get("ok");
    if (ok == null || !ok.isNumber() || ok.asNumber().doubleValue() != 1.0) {
      throw failure(reply);
    }
    if (reply.isArray("writeErrors") && !reply.getArray("writeErrors").isEmpty()) {
      throw failure(reply.getArray("writeErrors").get(0).asDocument());
    }
    return reply;
  }

  /** Runs a cursor-returning command and reads the cursor to its end. */
  public List<BsonDocument> runToEnd(
      String database, BsonDocument command, ConnectionInfo connection) {
    BsonDocument cursor = run(database, command, connection).getDocument("cursor");
    List<BsonDocument> documents = new ArrayList<>();
    addAll(documents, cursor.getArray("firstBatch"));
    long id = cursor.getNumber("id").longValue();
    // A cursor's namespace is <db>.<collection>; getMore names the collection part.
    String namespace = cursor.getString("ns").getValue();
    String collection = namespace.substring(namespace.indexOf('.') + 1);
    while (id != 0) {
      BsonDocument next =
          run(
                  database,
                  new BsonDocument("getMore", new BsonInt64(id))
                      .append("collection", new BsonString(collection)),
                  connection)
              .getDocument("cursor");
      addAll(documents, next.getArray("nextBatch"));
      id = next.getNumber("id").longValue();
    }
    return documents;
  }

  private static void addAll(List<BsonDocument> documents, BsonArray batch) {
    batch.forEach(value -> documents.add(value.asDocument()));
  }

  private static MongoLakeException failure(BsonDocument error) {
    int code = error.getNumber("code", new org.bson.BsonInt32(1)).intValue();
    String message = error.getString("errmsg", new BsonString("command failed")).getValue();
    return new MongoLakeException(codeOf(code), message);
  }

  private static ErrorCode codeOf(int code) {
    for (ErrorCode candidate : ErrorCode.values()) {
      if (candidate.code() == code) {
        return candidate;
      }
    }
    return ErrorCode.UNKNOWN_ERROR;
  }
}
