package dev.mongolake.server.metrics;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads how many documents a write command changed from its reply, so that document counters are
 * kept in the dispatcher, in one place, rather than in every write handler.
 */
final class WrittenDocuments {

  private WrittenDocuments() {}

  static void count(ServerMetrics metrics, String command, BsonDocument body, BsonDocument reply) {
    switch (command) {
      case "insert" -> metrics.documentsWritten(number(reply, "n"), 0, 0);
      case "update" ->
          metrics.documentsWritten(
              reply.isArray("upserted") ? reply.getArray("upserted").size() : 0,
              number(reply, "nModified"),
              0);
      case "delete" -> metrics.documentsWritten(0, 0, number(reply, "n"));
      case "findAndModify", "findandmodify" -> findAndModify(metrics, body, reply);
      default -> {
        // Not a write: nothing to count.
      }
    }
  }

  private static void findAndModify(ServerMetrics metrics, BsonDocument body, BsonDocument reply) {
    if (!reply.isDocument("lastErrorObject")) {
      return;
    }
    BsonDocument outcome = reply.getDocument("lastErrorObject");
    long n = number(outcome, "n");
    BsonValue remove = body.get("remove");
    if (remove != null && remove.isBoolean() && remove.asBoolean().getValue()) {
      metrics.documentsWritten(0, 0, n);
    } else if (outcome.containsKey("upserted")) {
      metrics.documentsWritten(1, 0, 0);
    } else {
      metrics.documentsWritten(0, n, 0);
    }
  }

  private static long number(BsonDocument document, String field) {
    BsonValue value = document.get(field);
    return value != null && value.isNumber() ? value.asNumber().longValue() : 0;
  }
}
