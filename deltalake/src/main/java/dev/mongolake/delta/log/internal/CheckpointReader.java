package dev.mongolake.delta.log.internal;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.Sidecar;
import dev.mongolake.delta.storage.Storage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the actions of a checkpoint: classic and multi-part Parquet (V1 or V2 spec), UUID-named
 * JSON or Parquet V2 checkpoints, and the sidecar files a V2 checkpoint references.
 */
public final class CheckpointReader {
  /** The columns holding non-file actions: enough to learn protocol and metadata cheaply. */
  public static final Set<String> NON_FILE_COLUMNS =
      Set.of("protocol", "metaData", "txn", "domainMetadata", "checkpointMetadata", "sidecar");

  private final Storage storage;
  private final String logPrefix;

  public CheckpointReader(Storage storage, String logPrefix) {
    this.storage = storage;
    this.logPrefix = logPrefix;
  }

  /** Every action of the checkpoint, sidecar file actions included. */
  public List<Action> readAll(List<LogFile> parts) {
    List<Action> actions = read(parts, null);
    List<Action> withSidecars = new ArrayList<>(actions.size());
    for (Action action : actions) {
      if (action instanceof Sidecar sidecar) {
        String path = logPrefix + "_sidecars/" + FilePaths.decode(sidecar.path());
        withSidecars.addAll(ParquetRowsReader.readActions(storage, path, null));
      } else {
        withSidecars.add(action);
      }
    }
    return withSidecars;
  }

  /** The checkpoint's non-file actions only (file actions may still appear in JSON checkpoints). */
  public List<Action> readNonFileActions(List<LogFile> parts) {
    return read(parts, NON_FILE_COLUMNS);
  }

  private List<Action> read(List<LogFile> parts, Set<String> columns) {
    List<Action> actions = new ArrayList<>();
    for (LogFile part : parts) {
      if (part.path().endsWith(".json")) {
        actions.addAll(ActionCodec.parse(storage.read(part.path()), part.path()));
      } else {
        actions.addAll(ParquetRowsReader.readActions(storage, part.path(), columns));
      }
    }
    return actions;
  }
}
