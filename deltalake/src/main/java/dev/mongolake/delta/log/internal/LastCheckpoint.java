package dev.mongolake.delta.log.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * <p>The file carries the protocol's optional {@code checksum} ({@link LastCheckpointChecksum}): we
 * write it, and a hint whose checksum does not match its content, or that repeats a key, is ignored
 * like an unreadable one (a torn or hand-edited hint must not steer the listing).
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
  private static final String CHECKSUM = "checksum";

  /** The protocol calls a hint with a repeated key invalid; Jackson would keep the last one. */
  private static final ObjectReader STRICT =
      ActionCodec.mapper().reader().with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /** Reads the hint; empty when absent or unreadable (a corrupt hint is not an error). */
  public static Optional<LastCheckpoint> read(Storage storage, String logPrefix) {
    String path = logPrefix + NAME;
    try {
      if (storage.stat(path).isEmpty()) {
        return Optional.empty();
      }
      JsonNode node = STRICT.readTree(storage.read(path));
      if (node == null || !node.path("version").canConvertToLong()) {
        LOG.warn("Ignoring {}: it has no version", path);
        return Optional.empty();
      }
      JsonNode checksum = node.get(CHECKSUM);
      if (checksum != null && !checksum.isNull()) {
        String expected = LastCheckpointChecksum.of(node);
        if (!expected.equalsIgnoreCase(checksum.asText())) {
          LOG.warn(
              "Ignoring {}: its checksum {} does not match its content ({})",
              path,
              checksum.asText(),
              expected);
          return Optional.empty();
        }
      }
      return Optional.of(ActionCodec.mapper().treeToValue(node, LastCheckpoint.class));
    } catch (Exception e) {
      LOG.warn("Ignoring unreadable {}: {}", path, e.toString());
      return Optional.empty();
    }
  }

  /** Replaces the hint, with its checksum. */
  public void write(Storage storage, String logPrefix) {
    ObjectNode node = ActionCodec.mapper().valueToTree(this);
    node.put(CHECKSUM, LastCheckpointChecksum.of(node));
    storage.overwrite(logPrefix + NAME, node.toString().getBytes(StandardCharsets.UTF_8));
  }
}
