package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.command.IntOrLong;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * A collection's storage statistics in MongoDB 7's shape, shared by the {@code collStats} command
 * and the {@code $collStats} aggregation stage (which mongosh's {@code db.coll.stats()} runs).
 * Indexes live in memory, so their sizes are 0.
 */
public final class StorageStats {

  private StorageStats() {}

  static BsonDocument of(LakeCollections lake, Namespace namespace, Scale scale) {
    refuseView(lake, namespace);
    if (!lake.exists(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "Collection [" + namespace.fullName() + "] not found.");
    }
    CollectionSize size = CollectionSize.measure(lake, namespace);
    List<BsonDocument> indexes = lake.collection(namespace).listIndexes();
    BsonDocument indexSizes = new BsonDocument();
    indexes.forEach(index -> indexSizes.put(index.getString("name").getValue(), IntOrLong.of(0)));
    // MongoDB 7's appendCollectionStorageStats: appendNumber for the counts and sizes, an int for
    // avgObjSize (only when there are documents), nindexes and scaleFactor.
    BsonDocument stats =
        new BsonDocument("ns", new BsonString(namespace.fullName()))
            .append("size", IntOrLong.of(scale.apply(size.dataSize())))
            .append("count", IntOrLong.of(size.count()));
    if (size.count() > 0) {
      stats.append("avgObjSize", new BsonInt32((int) size.averageObjectSize()));
    }
    stats
        .append("numOrphanDocs", IntOrLong.of(0))
        .append("storageSize", IntOrLong.of(scale.apply(size.storageSize())))
        .append("freeStorageSize", IntOrLong.of(0));
    appendCap(
        stats,
        lake.lake().db(namespace.database()).collectionOptions(namespace.collection()),
        scale);
    return stats
        .append("nindexes", new BsonInt32(indexes.size()))
        .append("indexDetails", new BsonDocument())
        .append("indexBuilds", new BsonArray())
        .append("totalIndexSize", IntOrLong.of(0))
        .append("indexSizes", indexSizes)
        .append("totalSize", IntOrLong.of(scale.apply(size.storageSize())))
        .append("scaleFactor", new BsonInt32((int) scale.factor()));
  }

  /**
   * {@code capped}, and for a capped collection its bounds as MongoDB reports them: {@code max} (0
   * when there is no document limit) and {@code maxSize} in the scale's units.
   */
  private static void appendCap(BsonDocument stats, Optional<BsonDocument> options, Scale scale) {
    BsonDocument stored = options.orElseGet(BsonDocument::new);
    boolean capped = stored.getBoolean("capped", BsonBoolean.FALSE).getValue();
    stats.append("capped", BsonBoolean.valueOf(capped));
    if (capped) {
      long max = stored.isNumber("max") ? stored.getNumber("max").longValue() : 0;
      stats
          .append("max", IntOrLong.of(max))
          .append("maxSize", IntOrLong.of(scale.apply(stored.getNumber("size").longValue())));
    }
  }

  /**
   * The one document a {@code $collStats} stage produces for {@code spec} ({@code storageStats:
   * {scale}}, {@code count: {}}; latency and query statistics are not kept and come back empty).
   *
   * @throws MongoLakeException NamespaceNotFound, BadValue for a malformed spec
   */
  public static BsonDocument collStatsStage(
      MongoLake lake, Namespace namespace, BsonDocument spec, String host) {
    LakeCollections collections = new LakeCollections(lake);
    refuseView(collections, namespace);
    BsonDocument out =
        new BsonDocument("ns", new BsonString(namespace.fullName()))
            .append("host", new BsonString(host))
            .append("localTime", new BsonDateTime(Instant.now().toEpochMilli()));
    if (spec.containsKey("latencyStats")) {
      out.append(
          "latencyStats",
          new BsonDocument("reads", zeroLatency())
              .append("writes", zeroLatency())
              .append("commands", zeroLatency())
              .append("transactions", zeroLatency()));
    }
    if (spec.containsKey("storageStats")) {
      BsonDocument options =
          spec.get("storageStats").isDocument() ? spec.getDocument("storageStats") : null;
      if (options == null) {
        throw new MongoLakeException(
            ErrorCode.BAD_VALUE, "storageStats argument must be an object");
      }
      long factor = options.containsKey("scale") ? options.getNumber("scale").longValue() : 1;
      if (factor < 1) {
        throw new MongoLakeException(ErrorCode.BAD_VALUE, "scale has to be > 0");
      }
      out.append("storageStats", of(collections, namespace, new Scale(factor)));
    }
    if (spec.containsKey("count")) {
      CollectionSize size = CollectionSize.measure(collections, namespace);
      out.append("count", IntOrLong.of(size.count()));
    }
    if (spec.containsKey("queryExecStats")) {
      out.append(
          "queryExecStats",
          new BsonDocument(
              "collectionScans",
              new BsonDocument("total", new BsonInt64(0)).append("nonTailable", new BsonInt64(0))));
    }
    return out;
  }

  /**
   * A view has no storage of its own: its statistics are refused as MongoDB refuses a
   * collection-only command on a view, rather than answered as an empty collection's.
   */
  private static void refuseView(LakeCollections lake, Namespace namespace) {
    if (lake.lake().db(namespace.database()).isView(namespace.collection())) {
      throw new MongoLakeException(
          ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW,
          "Namespace " + namespace.fullName() + " is a view, not a collection");
    }
    if (lake.lake().db(namespace.database()).isAttached(namespace.collection())) {
      // Its files are the table's writer's: answering as an empty collection would be wrong.
      throw new MongoLakeException(
          ErrorCode.COMMAND_NOT_SUPPORTED,
          "Cannot report storage statistics of "
              + namespace.fullName()
              + ": it is an attached read-only Delta table");
    }
  }

  private static BsonDocument zeroLatency() {
    return new BsonDocument("latency", new BsonInt64(0))
        .append("ops", new BsonInt64(0))
        .append("queryableEncryptionLatencyMicros", new BsonInt64(0));
  }
}
