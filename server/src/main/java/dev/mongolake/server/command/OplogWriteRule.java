package dev.mongolake.server.command;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A replica set member's oplog ({@code local.oplog.rs}) is a view of the write-ahead log, so
 * commands that would write to it or change it fail as MongoDB's do there: InvalidNamespace,
 * "cannot write to 'local.oplog.rs'". (A standalone has no oplog: the name is an ordinary
 * collection there, as on a standalone MongoDB.)
 */
final class OplogWriteRule {

  private static final String OPLOG = "local.oplog.rs";

  /** Commands whose first field names the collection they write or change. */
  private static final Set<String> COLLECTION_WRITES =
      Set.of(
          "insert",
          "update",
          "delete",
          "findAndModify",
          "findandmodify",
          "create",
          "drop",
          "createIndexes",
          "dropIndexes",
          "collMod");

  private OplogWriteRule() {}

  static void check(String database, BsonDocument body) {
    String name = body.getFirstKey();
    boolean writesOplog =
        switch (name) {
          case "renameCollection" -> names(body.get("renameCollection")) || names(body.get("to"));
          case "bulkWrite" -> bulkWriteNamesOplog(body.get("nsInfo"));
          default ->
              COLLECTION_WRITES.contains(name)
                  && "local".equals(database)
                  && body.get(name) instanceof BsonString collection
                  && collection.getValue().equals("oplog.rs");
        };
    if (writesOplog) {
      throw new MongoLakeException(ErrorCode.INVALID_NAMESPACE, "cannot write to '" + OPLOG + "'");
    }
  }

  private static boolean bulkWriteNamesOplog(BsonValue nsInfo) {
    if (!(nsInfo instanceof BsonArray entries)) {
      return false;
    }
    for (BsonValue entry : entries) {
      if (entry instanceof BsonDocument document && names(document.get("ns"))) {
        return true;
      }
    }
    return false;
  }

  private static boolean names(BsonValue value) {
    return value instanceof BsonString string && string.getValue().equals(OPLOG);
  }
}
