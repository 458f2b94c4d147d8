package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.PARTITIONED;
import static dev.mongolake.delta.TestTables.file;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.internal.LastCheckpointChecksum;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How a snapshot finds its log segment and how lazily it reads it. */
class SnapshotLoadingTest {
  private final MemoryStorage memory = new MemoryStorage();
  private final AtomicInteger checkpointReads = new AtomicInteger();
  private final List<String> listingStarts = new CopyOnWriteArrayList<>();
  private final Storage storage = new ReadCountingStorage();

  private DeltaTable tableWith(int commits) {
    DeltaTable table = DeltaTable.create(storage, "t", PARTITIONED);
    for (int v = 1; v <= commits; v++) {
      table.startTransaction().add(file("f" + v + ".parquet", "d", v)).commit();
    }
    return table;
  }

  @Test
  void aHintPointingAtAMissingCheckpointFallsBackToTheListing() {
    tableWith(12);
    memory.overwrite(
        "t/_delta_log/_last_checkpoint",
        "{\"version\":11,\"size\":3}".getBytes(StandardCharsets.UTF_8));
    Snapshot snapshot = DeltaTable.forPath(storage, "t").snapshot();
    assertThat(snapshot.version()).isEqualTo(12);
    assertThat(snapshot.fileCount()).isEqualTo(12);
  }

  @Test
  void aWrittenHintCarriesItsChecksumAndStartsTheListingAtItsCheckpoint() throws Exception {
    tableWith(12);
    JsonNode hint = ActionCodec.mapper().readTree(memory.read("t/_delta_log/_last_checkpoint"));
    assertThat(hint.path("checksum").asText()).isEqualTo(LastCheckpointChecksum.of(hint));

    listingStarts.clear();
    DeltaTable.forPath(storage, "t").snapshot();

    assertThat(listingStarts).containsExactly("t/_delta_log/00000000000000000010");
  }

  @Test
  void aHintWhoseChecksumDoesNotMatchItsContentIsIgnoredForAFullListing() throws Exception {
    tableWith(12);
    ObjectNode hint =
        (ObjectNode) ActionCodec.mapper().readTree(memory.read("t/_delta_log/_last_checkpoint"));
    hint.put("size", hint.get("size").asLong() + 1); // the checksum no longer matches
    memory.overwrite("t/_delta_log/_last_checkpoint", hint.toString().getBytes(UTF_8));

    listingStarts.clear();
    Snapshot snapshot = DeltaTable.forPath(storage, "t").snapshot();

    assertThat(listingStarts).containsExactly("t/_delta_log/");
    assertThat(snapshot.version()).isEqualTo(12);
    assertThat(snapshot.fileCount()).isEqualTo(12);
  }

  @Test
  void aHintThatRepeatsAKeyIsIgnoredForAFullListing() {
    tableWith(12);
    memory.overwrite(
        "t/_delta_log/_last_checkpoint",
        "{\"version\":10,\"size\":14,\"version\":10}".getBytes(UTF_8));

    listingStarts.clear();
    Snapshot snapshot = DeltaTable.forPath(storage, "t").snapshot();

    assertThat(listingStarts).containsExactly("t/_delta_log/");
    assertThat(snapshot.version()).isEqualTo(12);
  }

  @Test
  void anIncompleteMultiPartCheckpointIsIgnored() {
    tableWith(12);
    byte[] classic = memory.read("t/_delta_log/00000000000000000010.checkpoint.parquet");
    memory.overwrite(
        "t/_delta_log/00000000000000000012.checkpoint.0000000001.0000000002.parquet", classic);
    Snapshot snapshot = DeltaTable.forPath(storage, "t").snapshot();
    assertThat(snapshot.version()).isEqualTo(12);
    assertThat(snapshot.fileCount()).isEqualTo(12);
  }

  @Test
  void protocolAndMetadataComeFromRecentCommitsAndFilesOnlyWhenAsked() {
    DeltaTable writer = tableWith(12);
    // A commit after the checkpoint carries both protocol and metadata.
    writer
        .startTransaction()
        .updateProtocol(writer.snapshot().protocol())
        .updateMetadata(writer.snapshot().metadata().withConfiguration(java.util.Map.of("k", "v")))
        .commit();
    checkpointReads.set(0);
    Snapshot snapshot = DeltaTable.forPath(storage, "t").snapshot();
    assertThat(snapshot.metadata().configuration()).containsEntry("k", "v");
    assertThat(checkpointReads).hasValue(0);
    assertThat(snapshot.fileCount()).isEqualTo(12);
    assertThat(checkpointReads.get()).isPositive();
  }

  @Test
  void timeTravelBeforeTheCheckpointReplaysFromTheStart() {
    DeltaTable table = tableWith(12);
    checkpointReads.set(0);
    assertThat(table.snapshotAt(9).fileCount()).isEqualTo(9);
    assertThat(checkpointReads).hasValue(0);
    assertThat(table.snapshotAt(11).fileCount()).isEqualTo(11);
    assertThat(checkpointReads.get()).isPositive();
  }

  private final class ReadCountingStorage implements Storage {
    @Override
    public byte[] read(String path) {
      count(path);
      return memory.read(path);
    }

    @Override
    public byte[] readRange(String path, long offset, int length) {
      count(path);
      return memory.readRange(path, offset, length);
    }

    private void count(String path) {
      if (path.contains(".checkpoint.")) {
        checkpointReads.incrementAndGet();
      }
    }

    @Override
    public boolean writeIfAbsent(String path, byte[] data) {
      return memory.writeIfAbsent(path, data);
    }

    @Override
    public void overwrite(String path, byte[] data) {
      memory.overwrite(path, data);
    }

    @Override
    public void overwritePrivate(String path, byte[] data) {
      memory.overwritePrivate(path, data);
    }

    @Override
    public OutputStream openOutput(String path) {
      return memory.openOutput(path);
    }

    @Override
    public List<FileEntry> list(String prefix, String startAt) {
      listingStarts.add(startAt);
      return memory.list(prefix, startAt);
    }

    @Override
    public Optional<FileEntry> stat(String path) {
      return memory.stat(path);
    }

    @Override
    public boolean delete(String path) {
      return memory.delete(path);
    }
  }
}
