package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.PARTITIONED;
import static dev.mongolake.delta.TestTables.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.CommitStateUnknownException;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.storage.FileEntry;
import dev.mongolake.delta.storage.MemoryStorage;
import dev.mongolake.delta.storage.Storage;
import dev.mongolake.delta.storage.StorageException;
import dev.mongolake.delta.storage.StorageOutcomeUnknownException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A commit whose write fails with a storage error ends as committed, retried, lost to another
 * writer, or unknown, decided by reading the log entry back, never by guessing.
 */
class CommitOutcomeUnderStorageFaultsTest {

  private enum Fault {
    WRITE_THEN_FAIL,
    FAIL_BEFORE_WRITE,
    OTHER_WRITER_WINS_THEN_FAIL
  }

  private final MemoryStorage memory = new MemoryStorage();
  private final Deque<Fault> faults = new ArrayDeque<>();
  private volatile boolean statFails;
  private final Storage storage = new FaultyStorage();

  @Test
  void aWriteThatSucceededBeforeTheErrorIsReportedCommittedOnce() {
    DeltaTable table = DeltaTable.create(storage, "t", PARTITIONED);
    faults.add(Fault.WRITE_THEN_FAIL);
    CommitResult result = table.startTransaction().add(file("a.parquet", "d", 1)).commit();
    assertThat(result.status()).isEqualTo(CommitResult.Status.COMMITTED);
    assertThat(result.version()).isEqualTo(1);
    assertThat(memory.stat("t/_delta_log/00000000000000000002.json")).isEmpty();
    assertThat(table.snapshot().fileCount()).isEqualTo(1);
  }

  @Test
  void aWriteThatFailedBeforeTakingEffectIsRetriedAtTheSameVersion() {
    DeltaTable table = DeltaTable.create(storage, "t", PARTITIONED);
    faults.add(Fault.FAIL_BEFORE_WRITE);
    CommitResult result = table.startTransaction().add(file("a.parquet", "d", 1)).commit();
    assertThat(result.version()).isEqualTo(1);
    assertThat(table.snapshot().version()).isEqualTo(1);
  }

  @Test
  void whenAnotherWriterTookTheVersionDuringTheErrorTheCommitMovesOn() {
    DeltaTable table = DeltaTable.create(storage, "t", PARTITIONED);
    faults.add(Fault.OTHER_WRITER_WINS_THEN_FAIL);
    CommitResult result = table.startTransaction().add(file("mine.parquet", "d", 1)).commit();
    assertThat(result.version()).isEqualTo(2);
    assertThat(table.snapshot().files())
        .extracting(AddFile::path)
        .containsExactlyInAnyOrder("day=d/other.parquet", "day=d/mine.parquet");
  }

  @Test
  void whenTheLogCannotBeReadBackTheOutcomeIsUnknown() {
    DeltaTable table = DeltaTable.create(storage, "t", PARTITIONED);
    faults.add(Fault.WRITE_THEN_FAIL);
    statFails = true;
    Transaction txn = table.startTransaction().add(file("a.parquet", "d", 1));
    assertThatThrownBy(txn::commit)
        .isInstanceOf(CommitStateUnknownException.class)
        .hasMessageStartingWith(
            "Cannot tell whether t/_delta_log/00000000000000000001.json was committed");
  }

  private final class FaultyStorage implements Storage {
    @Override
    public boolean writeIfAbsent(String path, byte[] data) {
      Fault fault = path.endsWith(".json") ? faults.poll() : null;
      if (fault == null) {
        return memory.writeIfAbsent(path, data);
      }
      switch (fault) {
        case WRITE_THEN_FAIL -> memory.writeIfAbsent(path, data);
        case FAIL_BEFORE_WRITE -> {}
        case OTHER_WRITER_WINS_THEN_FAIL ->
            memory.writeIfAbsent(path, ActionCodec.encode(List.of(file("other.parquet", "d", 1))));
      }
      throw new StorageOutcomeUnknownException(path, "connection reset", null);
    }

    @Override
    public Optional<FileEntry> stat(String path) {
      if (statFails) {
        throw new StorageException("Cannot stat " + path + ": connection reset");
      }
      return memory.stat(path);
    }

    @Override
    public byte[] read(String path) {
      return memory.read(path);
    }

    @Override
    public byte[] readRange(String path, long offset, int length) {
      return memory.readRange(path, offset, length);
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
      return memory.list(prefix, startAt);
    }

    @Override
    public boolean delete(String path) {
      return memory.delete(path);
    }
  }
}
