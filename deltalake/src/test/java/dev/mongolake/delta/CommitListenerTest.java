package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.SCHEMA;
import static dev.mongolake.delta.TestTables.file;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.storage.MemoryStorage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Commit listeners run once per version a handle commits, after the version is durable. */
class CommitListenerTest {
  private final MemoryStorage storage = new MemoryStorage();

  private DeltaTable create(DeltaTableOptions options) {
    return DeltaTable.create(
        storage, "t", new TableDefinition(SCHEMA, List.of("day"), Map.of(), "t"), options);
  }

  @Test
  void listenerSeesEveryVersionThisHandleCommitsWithItsLogEntryInPlace() {
    List<Long> seen = new CopyOnWriteArrayList<>();
    DeltaTable table =
        create(
            DeltaTableOptions.defaults()
                .withCommitListener(
                    (t, version) -> {
                      assertThat(t.snapshot().version()).isGreaterThanOrEqualTo(version);
                      seen.add(version);
                    }));

    table.startTransaction().add(file("a.parquet", "d", 1)).commit();
    table.startTransaction().add(file("b.parquet", "d", 2)).commit();

    assertThat(seen).containsExactly(0L, 1L, 2L);
  }

  @Test
  void failingListenerDoesNotFailTheCommitAndLaterListenersStillRun() {
    List<Long> seen = new CopyOnWriteArrayList<>();
    DeltaTable table =
        create(
            DeltaTableOptions.defaults()
                .withCommitListener(
                    (t, version) -> {
                      throw new IllegalStateException("listener broke");
                    })
                .withCommitListener((t, version) -> seen.add(version)));

    CommitResult result = table.startTransaction().add(file("a.parquet", "d", 1)).commit();

    assertThat(result.committed()).isTrue();
    assertThat(table.snapshot().fileCount()).isEqualTo(1);
    assertThat(seen).containsExactly(0L, 1L);
  }
}
