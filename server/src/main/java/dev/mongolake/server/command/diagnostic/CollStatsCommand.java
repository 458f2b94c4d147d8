package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandRequest;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * {@code collStats}: {@code {collStats: <coll>, scale}}, shaped like MongoDB 7's reply. Counts and
 * sizes come from one scan of the collection (see {@link CollectionSize}); the only index is {@code
 * _id_}, whose size is reported as 0 because it lives in memory, not on disk.
 *
 * @throws MongoLakeException NamespaceNotFound for a collection that does not exist
 */
final class CollStatsCommand implements Command {

  private final LakeCollections lake;

  CollStatsCommand(LakeCollections lake) {
    this.lake = lake;
  }

  @Override
  public String name() {
    return "collStats";
  }

  @Override
  public String help() {
    return "Count and size a collection's documents and storage.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    CommandArguments args = CommandArguments.of(request);
    Namespace namespace = args.namespace(request.database());
    Scale scale = Scale.of(args);
    if (!lake.exists(namespace)) {
      throw new MongoLakeException(
          ErrorCode.NAMESPACE_NOT_FOUND, "Collection [" + namespace.fullName() + "] not found.");
    }
    CollectionSize size = CollectionSize.measure(lake, namespace);
    return new BsonDocument("ns", new BsonString(namespace.fullName()))
        .append("size", new BsonInt64(scale.apply(size.dataSize())))
        .append("count", new BsonInt64(size.count()))
        .append("avgObjSize", new BsonInt64(size.averageObjectSize()))
        .append("numOrphanDocs", new BsonInt32(0))
        .append("storageSize", new BsonInt64(scale.apply(size.storageSize())))
        .append("freeStorageSize", new BsonInt64(0))
        .append("capped", BsonBoolean.FALSE)
        .append("nindexes", new BsonInt32(1))
        .append("indexBuilds", new BsonArray())
        .append("totalIndexSize", new BsonInt64(0))
        .append("totalSize", new BsonInt64(scale.apply(size.storageSize())))
        .append("indexSizes", new BsonDocument("_id_", new BsonInt64(0)))
        .append("scaleFactor", new BsonInt64(scale.factor()));
  }
}
