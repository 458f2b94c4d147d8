package dev.mongolake.delta.table;

import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.internal.DeletionVectorFile;
import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.dv.internal.Z85;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.Storage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Document tables to which another engine (Spark, say) has applied deletes by deletion vector: the
 * data files stay, and a commit re-adds each with the vector of its deleted rows, upgrading the
 * protocol to the {@code deletionVectors} feature. Our writers never write one, so the tests write
 * these commits by hand.
 */
final class DeletionVectorTables {
  static final String PATH = "db/dv";

  private DeletionVectorTables() {}

  /** {@code {_id: i, n: i}} for i in [from, to). */
  static List<BsonDocument> documents(int from, int to) {
    return IntStream.range(from, to)
        .mapToObj(i -> new BsonDocument("_id", new BsonInt32(i)).append("n", new BsonInt32(i)))
        .toList();
  }

  /** A table with one file per batch, each of several small row groups. */
  static DocumentTable create(Storage storage, List<List<BsonDocument>> files) {
    DocumentTable table =
        DocumentTable.create(
            storage,
            PATH,
            DocumentTableConfig.defaults()
                .withIdEncoding(IdEncoding.INT32)
                .withRowGroupSizeBytes(1024),
            Clock.systemUTC());
    long version = 0;
    for (List<BsonDocument> batch : files) {
      table.commit(new TableChanges(batch, List.of(), List.of()), "test", ++version);
    }
    return table;
  }

  /** An inline descriptor of {@code rows}. */
  static DeletionVectorDescriptor inline(DeletedRows rows) {
    byte[] bitmap = rows.serialize();
    return new DeletionVectorDescriptor(
        DeletionVectorLocation.INLINE,
        Z85.encode(bitmap),
        null,
        bitmap.length,
        rows.cardinality(),
        null);
  }

  /**
   * Writes {@code vectors} into one deletion vector file of the table under {@code prefix} (empty
   * for none), returning each one's descriptor.
   */
  static List<DeletionVectorDescriptor> stored(
      Storage storage, String prefix, List<DeletedRows> vectors) {
    UUID uuid = UUID.randomUUID();
    List<byte[]> bitmaps = vectors.stream().map(DeletedRows::serialize).toList();
    List<Integer> offsets = new ArrayList<>();
    byte[] file = DeletionVectorFile.write(bitmaps, offsets);
    String relative = prefix.isEmpty() ? "" : prefix + "/";
    storage.overwrite(PATH + "/" + relative + DeletionVectorLocation.fileName(uuid), file);
    List<DeletionVectorDescriptor> descriptors = new ArrayList<>();
    for (int i = 0; i < vectors.size(); i++) {
      descriptors.add(
          new DeletionVectorDescriptor(
              DeletionVectorLocation.RELATIVE,
              prefix + Z85.encodeUuid(uuid),
              offsets.get(i),
              bitmaps.get(i).length,
              vectors.get(i).cardinality(),
              null));
    }
    return descriptors;
  }

  /**
   * Commits, as another engine would, the files of {@code table}'s snapshot re-added with the given
   * deletion vectors (in {@code files()} order; null leaves a file as it is).
   */
  static DocumentSnapshot delete(
      Storage storage, DocumentTable table, List<DeletionVectorDescriptor> vectors) {
    DocumentSnapshot before = table.snapshot();
    Protocol protocol = before.delta().protocol();
    Set<String> readers = new LinkedHashSet<>(features(protocol.readerFeatures()));
    readers.add("deletionVectors");
    Set<String> writers = new LinkedHashSet<>(features(protocol.writerFeatures()));
    writers.add("deletionVectors");
    List<Action> actions = new ArrayList<>();
    actions.add(new Protocol(3, 7, List.copyOf(readers), List.copyOf(writers)));
    long now = System.currentTimeMillis();
    for (int i = 0; i < before.files().size(); i++) {
      DeletionVectorDescriptor vector = vectors.get(i);
      if (vector == null) {
        continue;
      }
      AddFile file = before.files().get(i);
      actions.add(
          new AddFile(
              file.path(),
              file.partitionValues(),
              file.size(),
              file.modificationTime(),
              true,
              file.stats(),
              file.tags(),
              vector,
              null,
              null,
              null));
      actions.add(file.toRemove(now, true));
    }
    String commit = String.format("%s/_delta_log/%020d.json", PATH, before.version() + 1);
    if (!storage.writeIfAbsent(commit, ActionCodec.encode(actions))) {
      throw new IllegalStateException(commit + " exists");
    }
    return DocumentTable.open(storage, PATH, Clock.systemUTC()).orElseThrow().snapshot();
  }

  private static List<String> features(List<String> features) {
    return features == null ? List.of() : features;
  }
}
