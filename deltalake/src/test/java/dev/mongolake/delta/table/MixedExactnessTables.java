package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.ColumnExactness;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.query.RandomDocuments;
import dev.mongolake.delta.storage.MemoryStorage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/**
 * Tables whose files differ in exactness: four commits of 12 random documents, alternately only
 * documents that leave every promoted column exact and any documents.
 */
final class MixedExactnessTables {
  private MixedExactnessTables() {}

  static DocumentSnapshot create(RandomDocuments random, DocumentSchema schema) {
    DocumentTable table =
        DocumentTable.create(
            new MemoryStorage(),
            "t",
            DocumentTableConfig.defaults().withSchema(schema),
            Clock.systemUTC());
    int next = 0;
    for (int commit = 0; commit < 4; commit++) {
      List<BsonDocument> batch = new ArrayList<>();
      while (batch.size() < 12) {
        BsonDocument document = random.document(next++);
        if (commit % 2 == 1
            || schema.columns().stream()
                .allMatch(column -> ColumnExactness.holds(column, document))) {
          batch.add(document);
        }
      }
      table.commit(new TableChanges(batch, List.of(), List.of()), null, 0);
    }
    return table.snapshot();
  }
}
