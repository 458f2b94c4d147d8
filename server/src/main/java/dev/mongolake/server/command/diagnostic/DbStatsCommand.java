package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLake;
import dev.mongolake.Namespace;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.IntOrLong;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonString;

/**
 * {@code dbStats}: {@code {dbStats: 1, scale}}, the sums of {@link CollectionSize} over the
 * database's collections, shaped like MongoDB 7's reply. A database that does not exist answers
 * zeros, as in MongoDB.
 */
public final class DbStatsCommand implements Command {

  /** {@code freeStorage} would add the free space inside the storage engine's files. */
  private static final CommandFields FIELDS =
      CommandFields.of("dbStats", "scale").refusingUnless("freeStorage", CommandFields.FALSE);

  private final LakeCollections lake;

  /** A command reading {@code lake}. */
  public DbStatsCommand(MongoLake lake) {
    this.lake = new LakeCollections(lake);
  }

  @Override
  public String name() {
    return "dbStats";
  }

  @Override
  public CommandFields fields() {
    return FIELDS;
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.database(request.database()), ActionType.DB_STATS);
  }

  @Override
  public String help() {
    return "Count and size a database's collections, documents and storage.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    Scale scale = Scale.of(CommandArguments.of(request));
    String database = request.database();
    long collections = 0;
    long objects = 0;
    long dataSize = 0;
    long storageSize = 0;
    for (String name : lake.names(database)) {
      CollectionSize size = CollectionSize.measure(lake, new Namespace(database, name));
      collections++;
      objects += size.count();
      dataSize += size.dataSize();
      storageSize += size.storageSize();
    }
    FileStore store = fileStore();
    long total = space(store, true);
    long used = total - space(store, false);
    // MongoDB 7's Database::getStats: appendNumber for every count and size, a double average.
    return new BsonDocument("db", new BsonString(database))
        .append("collections", IntOrLong.of(collections))
        .append("views", IntOrLong.of(0))
        .append("objects", IntOrLong.of(objects))
        .append("avgObjSize", new BsonDouble(objects == 0 ? 0 : (double) dataSize / objects))
        .append("dataSize", IntOrLong.of(scale.apply(dataSize)))
        .append("storageSize", IntOrLong.of(scale.apply(storageSize)))
        .append("indexes", IntOrLong.of(collections))
        .append("indexSize", IntOrLong.of(0))
        .append("totalSize", IntOrLong.of(scale.apply(storageSize)))
        .append("scaleFactor", IntOrLong.of(scale.factor()))
        .append("fsUsedSize", IntOrLong.of(scale.apply(used)))
        .append("fsTotalSize", IntOrLong.of(scale.apply(total)));
  }

  private FileStore fileStore() {
    try {
      return Files.getFileStore(lake.root());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the file system of " + lake.root(), e);
    }
  }

  private static long space(FileStore store, boolean total) {
    try {
      return total ? store.getTotalSpace() : store.getUsableSpace();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the size of " + store, e);
    }
  }
}
