package dev.mongolake.server.command.diagnostic;

import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The plan of a query read through a secondary index, in MongoDB's shape: {@code FETCH} (which
 * applies the whole filter to each document) over {@code IXSCAN} (which names the index).
 */
final class IndexScanStage {

  private IndexScanStage() {}

  /**
   * @param index the chosen index's {@code listIndexes} definition
   * @param executed the read's counts, or {@code null} at {@code queryPlanner} verbosity
   */
  static BsonDocument stage(
      BsonDocument filter, BsonDocument sort, BsonDocument index, CollectionScan executed) {
    BsonDocument keys = index.getDocument("key");
    String leading = keys.getFirstKey();
    boolean backward =
        !sort.isEmpty()
            && sort.getFirstKey().equals(leading)
            && sort.get(leading).isNumber()
            && sort.get(leading).asNumber().doubleValue() < 0;
    BsonDocument scan =
        new BsonDocument("stage", new BsonString("IXSCAN"))
            .append("keyPattern", keys)
            .append("indexName", index.getString("name"))
            .append(
                "isUnique",
                BsonBoolean.valueOf(index.getBoolean("unique", BsonBoolean.FALSE).getValue()))
            .append(
                "isSparse",
                BsonBoolean.valueOf(index.getBoolean("sparse", BsonBoolean.FALSE).getValue()))
            .append("isPartial", BsonBoolean.valueOf(index.containsKey("partialFilterExpression")))
            .append("direction", new BsonString(backward ? "backward" : "forward"));
    BsonDocument fetch = new BsonDocument("stage", new BsonString("FETCH"));
    if (!filter.isEmpty()) {
      fetch.append("filter", filter);
    }
    if (executed != null) {
      fetch
          .append("nReturned", new BsonInt64(executed.matched()))
          .append("docsExamined", new BsonInt64(executed.examined()));
      scan.append("nReturned", new BsonInt64(executed.examined()))
          .append("keysExamined", new BsonInt64(executed.examined()));
    }
    return fetch.append("inputStage", scan);
  }
}
