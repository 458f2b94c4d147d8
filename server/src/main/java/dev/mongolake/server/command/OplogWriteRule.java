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
          case "aggregate" -> pipelineWritesOplog(database, body.get("pipeline"));
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

  /** A {@code $out} or {@code $merge} stage whose target is the oplog. */
  private static boolean pipelineWritesOplog(String database, BsonValue pipeline) {
    if (!(pipeline instanceof BsonArray stages)) {
      return false;
    }
    for (BsonValue stage : stages) {
      if (stage instanceof BsonDocument document && !document.isEmpty()) {
        BsonValue target =
            switch (document.getFirstKey()) {
              case "$out" -> document.get("$out");
              case "$merge" ->
                  document.get("$merge") instanceof BsonDocument merge
                      ? merge.get("into")
                      : document.get("$merge");
              default -> null;
            };
        if (target != null && targetsOplog(database, target)) {
          return true;
        }
      }
    }
    return false;
  }

  /** A stage target given as a collection name in {@code database} or as {@code {db, coll}}. */
  private static boolean targetsOplog(String database, BsonValue target) {
    if (target instanceof BsonString collection) {
      return "local".equals(database) && collection.getValue().equals("oplog.rs");
    }
    if (target instanceof BsonDocument namespace) {
      String db = namespace.get("db") instanceof BsonString named ? named.getValue() : database;
      return "local".equals(db)
          && namespace.get("coll") instanceof BsonString collection
          && collection.getValue().equals("oplog.rs");
    }
    return false;
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
