package dev.mongolake.delta.table;

import dev.mongolake.delta.CommitResult;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.Transaction;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentRow;
import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;

/**
 * One commit that gives a document table another {@code _id} encoding: every live file is read
 * (without the rows its deletion vector deletes) and written again with the new encoding, and the
 * commit carries the new schema and {@code mongolake.idEncoding} with the removes and adds, so that
 * no version ever mixes encodings (see {@link DocumentTable#changeIdEncoding}).
 */
final class IdEncodingChange {

  private IdEncodingChange() {}

  /**
   * Commits the table after {@code base} with {@code next} as its encoding, or nothing when it has
   * it already.
   *
   * @throws dev.mongolake.delta.parquet.ParquetFileException if a stored {@code _id} does not fit
   *     {@code next} (nothing is committed)
   */
  static Optional<CommitResult> commit(
      Storage storage,
      DeltaTable delta,
      Snapshot base,
      DocumentTableConfig current,
      IdEncoding next,
      long now) {
    if (current.idEncoding() == next) {
      return Optional.empty();
    }
    DocumentTableConfig wanted = current.withIdEncoding(next);
    List<AddFile> rewritten = new ArrayList<>(base.files());
    List<AddFile> written = new ArrayList<>();
    PartitionedFileWriter files = new PartitionedFileWriter(storage, delta.tablePath(), wanted);
    for (AddFile file : rewritten) {
      // One output per input (its documents share its partition), so that each file keeps its
      // _id range; the documents stay the same, so change data feed readers see no change.
      List<BsonDocument> documents = new ArrayList<>();
      try (DocumentFileReader reader =
          DocumentFileReader.open(
              storage, base.storagePath(file), file.size(), DocumentTable.live(base, file))) {
        for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
          documents.add(row.document());
        }
      }
      written.addAll(files.write(documents, now, false));
    }
    Map<String, String> configuration = new HashMap<>(base.metadata().configuration());
    configuration.put(TableProperties.ID_ENCODING, next.name());
    Transaction transaction = delta.startTransaction(base);
    transaction.readWholeTable();
    transaction.updateMetadata(
        base.metadata()
            .withSchema(DocumentTableSchema.of(wanted))
            .withConfiguration(configuration));
    rewritten.forEach(file -> transaction.remove(file.toRemove(now, false)));
    written.forEach(transaction::add);
    transaction.operation(
        "REORG",
        Map.<String, Object>of(
            "predicate",
            "[]",
            "applyPurge",
            "false",
            TableProperties.ID_ENCODING,
            current.idEncoding().name() + " -> " + next.name()));
    return Optional.of(transaction.commit());
  }
}
