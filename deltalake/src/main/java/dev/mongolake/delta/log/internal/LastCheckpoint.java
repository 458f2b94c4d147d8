package dev.mongolake.delta.log.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.storage.Storage;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code _delta_log/_last_checkpoint} hint: where a recent checkpoint is. Only a hint: readers
 * verify it by listing, and a missing or unreadable hint falls back to a full listing.
 *
 * @param size number of actions in the checkpoint
 * @param parts number of parts of a multi-part checkpoint, else null
 * @param sizeInBytes total bytes of the checkpoint files, or null
 * @param numOfAddFiles number of add actions in the checkpoint, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LastCheckpoint(
    long version, long size, Integer parts, Long sizeInBytes, Long numOfAddFiles) {
  private static final Logger LOG = LoggerFactory.getLogger(LastCheckpoint.class);
  public static final String NAME = "_last_checkpoint";

  /** Reads the hint; empty when absent or unreadable (a corrupt hint is not an error). */
  public static Optional<LastCheckpoint> read(Storage storage, String logPrefix) {
    String path = logPrefix + NAME;
    try {
      if (storage.stat(path).isEmpty()) {
        return Optional.empty();
      }
      JsonNode node = ActionCodec.mapper().readTree(storage.read(path));
      if (node == null || !node.path("version").canConvertToLong()) {
        LOG.warn("Ignoring {}: it has no version", path);
        return Optional.empty();
      }
      return Optional.of(ActionCodec.mapper().treeToValue(node, LastCheckpoint.class));
    } catch (Exception e) {
      LOG.warn("Ignoring unreadable {}: {}", path, e.toString());
      return Optional.empty();
    }
  }

  /** Replaces the hint. */
  public void write(Storage storage, String logPrefix) {
    try {
      storage.overwrite(
          logPrefix + NAME,
          ActionCodec.mapper().writeValueAsString(this).getBytes(StandardCharsets.UTF_8));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
