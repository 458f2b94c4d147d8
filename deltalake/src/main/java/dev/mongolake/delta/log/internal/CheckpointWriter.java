package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.CheckpointMetadata;
import dev.mongolake.delta.log.Metadata;
import dev.mongolake.delta.log.Protocol;
import dev.mongolake.delta.log.RemoveFile;
import dev.mongolake.delta.parquet.ParquetCodec;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.ParquetWriteOptions;
import dev.mongolake.delta.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Writes a classic single-file Parquet checkpoint ({@code N.checkpoint.parquet}) of a reconciled
 * state, then the {@code _last_checkpoint} hint. Tombstones whose deletion is older than the
 * retention are dropped. When the table supports {@code v2Checkpoint} the checkpoint follows the V2
 * spec (it carries a {@code checkpointMetadata} row), which classic naming allows.
 */
public final class CheckpointWriter {
  private final Storage storage;
  private final String logPrefix;

  public CheckpointWriter(Storage storage, String logPrefix) {
    this.storage = storage;
    this.logPrefix = logPrefix;
  }

  /**
   * Writes the checkpoint for {@code version}.
   *
   * @param tombstoneCutoff tombstones deleted before this time (ms since the epoch) are dropped
   * @return the hint written to {@code _last_checkpoint}
   */
  public LastCheckpoint write(
      long version, Protocol protocol, Metadata metadata, TableState state, long tombstoneCutoff) {
    List<Action> actions = new ArrayList<>();
    boolean v2 =
        protocol.readerFeatures() != null && protocol.readerFeatures().contains("v2Checkpoint");
    if (v2) {
      actions.add(new CheckpointMetadata(version, null));
    }
    actions.add(protocol);
    actions.add(metadata);
    actions.addAll(state.transactions().values());
    actions.addAll(state.domains().values());
    long adds = 0;
    for (AddFile add : state.files().values()) {
      actions.add(
          new AddFile(
              add.path(),
              add.partitionValues(),
              add.size(),
              add.modificationTime(),
              false,
              add.stats(),
              add.tags(),
              add.deletionVector(),
              add.baseRowId(),
              add.defaultRowCommitVersion(),
              add.clusteringProvider()));
      adds++;
    }
    for (RemoveFile remove : state.tombstones().values()) {
      long deleted = remove.deletionTimestamp() == null ? 0 : remove.deletionTimestamp();
      if (deleted >= tombstoneCutoff) {
        actions.add(remove);
      }
    }
    String path = logPrefix + LogFile.classicCheckpointName(version);
    // Snappy, as Spark writes checkpoints: every Delta reader decodes it.
    ParquetWriteOptions writeOptions =
        ParquetWriteOptions.defaults().withCodec(ParquetCodec.SNAPPY);
    try (ParquetWriter<Group> writer =
        ParquetFiles.groupWriter(storage, path, CheckpointSchema.V1, writeOptions)) {
      for (Action action : actions) {
        writer.write(GroupFromJson.row(CheckpointSchema.V1, ActionCodec.wrap(action)));
      }
    } catch (IOException | RuntimeException e) {
      throw new DeltaException("Cannot write checkpoint " + path + ": " + e.getMessage(), e);
    }
    long bytes = storage.stat(path).map(f -> f.size()).orElse(0L);
    LastCheckpoint hint = new LastCheckpoint(version, actions.size(), null, bytes, adds);
    hint.write(storage, logPrefix);
    return hint;
  }
}
