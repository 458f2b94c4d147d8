package dev.mongolake.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.Namespace;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * The write path's "does the table hold this {@code _id}" among files with random ids: answered by
 * the table's bloom filters, so that inserts of new ids need neither file reads nor the id set.
 */
class TableHoldsTest {

  @Test
  void newRandomIdsAreAnsweredWithoutLoadingTheIdSet() {
    DocumentTable table =
        DocumentTable.create(
            new MemoryStorage(), "app/c", DocumentTableConfig.defaults(), Clock.systemUTC());
    Random random = new Random(8);
    List<BsonValue> stored = new ArrayList<>();
    for (int file = 0; file < 8; file++) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        BsonValue id = new BsonString(Long.toHexString(random.nextLong()));
        stored.add(id);
        documents.add(new BsonDocument("_id", id).append("n", new BsonInt32(i)));
      }
      table.write(documents);
    }
    CollectionState state =
        new CollectionState(new Namespace("app", "c"), table, new TableView(table.snapshot(), 0));
    state.writeLock().lock();
    try {
      for (int i = 0; i < 1_000; i++) {
        assertThat(state.tableHolds(new BsonString("new-" + Long.toHexString(random.nextLong()))))
            .isFalse();
      }
      for (BsonValue id : stored.subList(0, 300)) {
        assertThat(state.tableHolds(id)).as("holds %s", id).isTrue();
      }
      // Each lookup that opened a file for nothing counts toward loading every id into memory.
      assertThat(state.tableIdsLoaded()).isFalse();
    } finally {
      state.writeLock().unlock();
    }
  }
}
