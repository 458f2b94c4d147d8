package dev.mongolake.server.net;

import dev.mongolake.server.wire.DocumentSequence;
import dev.mongolake.server.wire.OpMsg;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * An OP_MSG as the dispatcher takes it: the target database ({@code $db}) and the command, with
 * each document sequence merged in as an array and without the generic fields every command may
 * carry (sessions, cluster time, read preference, API version), which handlers need not see. The
 * session ({@code lsid}) is kept apart: the cursors a command opens belong to it. The transaction
 * fields stay: the dispatcher refuses them (see {@code CommandDispatcher}).
 *
 * <p>Built in one pass over the body's fields, sharing their values: the decoded body belongs to
 * this request alone, so nothing needs the deep copy that cloning it would make.
 *
 * @param database the {@code $db} field, or {@code null} if the body has none
 * @param body the command
 * @param lsid the {@code lsid} field, or {@code null} if the body has none
 */
record OpMsgCommand(String database, BsonDocument body, BsonValue lsid) {

  private static final Set<String> GENERIC_FIELDS =
      Set.of(
          "$db",
          "lsid",
          "$clusterTime",
          "$readPreference",
          "apiVersion",
          "apiStrict",
          "apiDeprecationErrors");

  static OpMsgCommand of(OpMsg msg) {
    BsonDocument body = msg.body();
    BsonValue db = body.get("$db");
    String database = db != null && db.isString() ? db.asString().getValue() : null;
    if (msg.sequences().isEmpty() && !hasGenericField(body)) {
      return new OpMsgCommand(database, body, null);
    }
    BsonValue lsid = body.get("lsid");
    BsonDocument command = new BsonDocument();
    for (Map.Entry<String, BsonValue> field : body.entrySet()) {
      if (!GENERIC_FIELDS.contains(field.getKey())) {
        command.put(field.getKey(), field.getValue());
      }
    }
    for (DocumentSequence sequence : msg.sequences()) {
      // As if merged into the body: a sequence named like a generic field replaces it (a "$db"
      // sequence leaves no database) and is dropped with it.
      if (sequence.identifier().equals("$db")) {
        database = null;
      }
      if (sequence.identifier().equals("lsid")) {
        lsid = new BsonArray(sequence.documents());
      }
      if (!GENERIC_FIELDS.contains(sequence.identifier())) {
        command.put(sequence.identifier(), new BsonArray(sequence.documents()));
      }
    }
    return new OpMsgCommand(database, command, lsid);
  }

  private static boolean hasGenericField(BsonDocument body) {
    for (String name : body.keySet()) {
      if (GENERIC_FIELDS.contains(name)) {
        return true;
      }
    }
    return false;
  }
}
