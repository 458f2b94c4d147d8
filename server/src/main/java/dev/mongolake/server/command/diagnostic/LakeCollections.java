package dev.mongolake.server.command.diagnostic;

import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.FileEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;

/**
 * The lake as the diagnostic commands see it: which collections exist, their documents, and the
 * bytes their tables take on disk. Thread-safe.
 */
record LakeCollections(MongoLake lake) {

  boolean exists(Namespace namespace) {
    return lake.db(namespace.database()).listCollectionNames().contains(namespace.collection());
  }

  List<String> names(String database) {
    return lake.db(database).listCollectionNames();
  }

  MongoLakeCollection<BsonDocument> collection(Namespace namespace) {
    return lake.db(namespace.database()).collection(namespace.collection(), BsonDocument.class);
  }

  /** The data root, where the log and every table folder live. */
  Path root() {
    return lake.options().path();
  }

  /**
   * Bytes of the files of the collection's table, wherever the tables live: the Delta log and the
   * Parquet files. Changes still only in the write-ahead log are not counted, as they belong to the
   * instance-wide log rather than to one table.
   */
  long tableBytes(Namespace namespace) {
    // A renamed collection's table stays in the folder it had.
    var table = collection(namespace).table();
    if (table.isEmpty()) {
      return 0;
    }
    String prefix = table.get().path() + "/";
    return lake.tableStorage().list(prefix, prefix).stream().mapToLong(FileEntry::size).sum();
  }

  // A flush or vacuum may remove a file between listing and measuring it: it no longer counts.
  private static long sizeOrZero(Path file) {
    try {
      return Files.size(file);
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot measure " + file, e);
    }
  }
}
