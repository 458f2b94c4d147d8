package dev.mongolake.delta;

import dev.mongolake.delta.dv.internal.DeletionVectorLocation;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.DeletionVectorDescriptor;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A new table whose version 0 holds exactly the files of another table's version, without copying
 * them (Delta's {@code SHALLOW CLONE}): its {@code add} actions name the source's data files by
 * paths relative to the clone's root ({@code ../../<source table>/<file>}), with their statistics
 * and deletion vectors, under the source's protocol and schema. Relative paths keep the clone
 * readable wherever the storage root is mounted (local disk, an object store prefix), which
 * absolute URIs would not.
 *
 * <p>Deletion vectors stored as files beside the source's data ({@code u}) are copied into the
 * clone (they are small, and the clone's own vacuum must find them under its root); inline ones
 * travel in the action. Whoever owns the source must keep its files while the clone uses them: the
 * source's vacuum cannot see the clone.
 */
final class ShallowClone {

  private ShallowClone() {}

  static DeltaTable create(
      Snapshot source,
      String targetPath,
      DeltaTableOptions options,
      String id,
      Map<String, Long> idempotentWriters) {
    Storage storage = source.log().storage();
    DeltaTable clone = DeltaTable.forPath(storage, targetPath, options);
    Metadata from = source.metadata();
    Metadata metadata =
        new Metadata(
            id,
            from.name(),
            from.description(),
            from.format(),
            from.schemaString(),
            from.partitionColumns(),
            from.configuration(),
            options.clock().millis());
    List<AddFile> adds = new ArrayList<>(source.files().size());
    for (AddFile file : source.files()) {
      adds.add(cloned(file, source, storage, targetPath));
    }
    Transaction transaction =
        new Transaction(clone, null).updateProtocol(source.protocol()).updateMetadata(metadata);
    transaction.add(adds);
    idempotentWriters.forEach(transaction::setTransaction);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("source", source.tablePath());
    parameters.put("sourceVersion", source.version());
    parameters.put("isShallow", true);
    transaction.operation("CLONE", parameters).commit();
    return clone;
  }

  private static AddFile cloned(AddFile file, Snapshot source, Storage storage, String targetPath) {
    DeletionVectorDescriptor vector = file.deletionVector();
    if (vector != null && DeletionVectorLocation.RELATIVE.equals(vector.storageType())) {
      String from = DeletionVectorLocation.storagePath(source.tablePath(), vector);
      String to = DeletionVectorLocation.storagePath(targetPath, vector);
      storage.writeIfAbsent(to, storage.read(from));
    }
    return new AddFile(
        FilePaths.relativeTo(targetPath, source.storagePath(file)),
        file.partitionValues(),
        file.size(),
        file.modificationTime(),
        true,
        file.stats(),
        file.tags(),
        vector,
        null,
        null,
        file.clusteringProvider());
  }
}
