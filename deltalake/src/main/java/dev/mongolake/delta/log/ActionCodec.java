package dev.mongolake.delta.log;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mongolake.delta.exceptions.DeltaException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Newline-delimited JSON encoding of actions, as in Delta commit files: one action per line,
 * wrapped in an object whose single key names the action ({@code {"add":{...}}}).
 *
 * <p>Reading follows the protocol's evolution rules: unknown fields are ignored, lines naming an
 * unknown action are skipped, and blank lines are ignored. {@code commitInfo} is free-form and
 * keeps every field. Thread-safe.
 */
public final class ActionCodec {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private ActionCodec() {}

  /** The shared mapper configured for Delta JSON (unknown properties ignored). */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /**
   * Parses a whole commit file.
   *
   * @param source names the file in error messages
   * @throws DeltaException if a line is not valid JSON or a known action is malformed
   */
  public static List<Action> parse(byte[] content, String source) {
    List<Action> actions = new ArrayList<>();
    String text = new String(content, StandardCharsets.UTF_8);
    int lineNumber = 0;
    for (String line : text.split("\n")) {
      lineNumber++;
      if (line.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = MAPPER.readTree(line);
      } catch (JsonProcessingException e) {
        throw new DeltaException(
            "Cannot read " + source + ": line " + lineNumber + " is not valid JSON", e);
      }
      decode(node, source + " line " + lineNumber).ifPresent(actions::add);
    }
    return actions;
  }

  /**
   * Decodes one wrapped action ({@code {"add":{...}}}); empty if it names no action this library
   * knows (the protocol says to ignore such actions) or its value is null.
   */
  public static Optional<Action> decode(JsonNode wrapped, String source) {
    if (!wrapped.isObject()) {
      throw new DeltaException("Cannot read " + source + ": an action must be a JSON object");
    }
    for (Map.Entry<String, JsonNode> entry : wrapped.properties()) {
      JsonNode body = entry.getValue();
      if (body == null || body.isNull()) {
        continue;
      }
      Class<? extends Action> type = actionType(entry.getKey());
      if (type == null) {
        continue;
      }
      try {
        Action action = MAPPER.treeToValue(body, type);
        validate(action, source);
        return Optional.of(action);
      } catch (JsonProcessingException | IllegalArgumentException e) {
        throw new DeltaException(
            "Cannot read " + source + ": malformed " + entry.getKey() + " action", e);
      }
    }
    return Optional.empty();
  }

  /** Encodes actions as commit file content: one line each, every line ending in a newline. */
  public static byte[] encode(List<? extends Action> actions) {
    StringBuilder out = new StringBuilder();
    for (Action action : actions) {
      out.append(encodeLine(action)).append('\n');
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** One action as a single JSON line without the newline. */
  public static String encodeLine(Action action) {
    try {
      return MAPPER.writeValueAsString(wrap(action));
    } catch (JsonProcessingException e) {
      throw new DeltaException("Cannot encode " + actionName(action) + " action", e);
    }
  }

  /** One action as a wrapped JSON tree. */
  public static ObjectNode wrap(Action action) {
    ObjectNode node = MAPPER.createObjectNode();
    node.set(actionName(action), MAPPER.valueToTree(action));
    return node;
  }

  /** The protocol's name of an action type, such as {@code metaData} or {@code txn}. */
  public static String actionName(Action action) {
    return switch (action) {
      case Protocol p -> "protocol";
      case Metadata m -> "metaData";
      case AddFile a -> "add";
      case RemoveFile r -> "remove";
      case AddCdcFile c -> "cdc";
      case CommitInfo c -> "commitInfo";
      case SetTransaction t -> "txn";
      case DomainMetadata d -> "domainMetadata";
      case CheckpointMetadata c -> "checkpointMetadata";
      case Sidecar s -> "sidecar";
    };
  }

  private static Class<? extends Action> actionType(String name) {
    return switch (name) {
      case "protocol" -> Protocol.class;
      case "metaData" -> Metadata.class;
      case "add" -> AddFile.class;
      case "remove" -> RemoveFile.class;
      case "cdc" -> AddCdcFile.class;
      case "commitInfo" -> CommitInfo.class;
      case "txn" -> SetTransaction.class;
      case "domainMetadata" -> DomainMetadata.class;
      case "checkpointMetadata" -> CheckpointMetadata.class;
      case "sidecar" -> Sidecar.class;
      default -> null;
    };
  }

  private static void validate(Action action, String source) {
    String missing =
        switch (action) {
          case AddFile a -> a.path() == null ? "path" : null;
          case RemoveFile r -> r.path() == null ? "path" : null;
          case AddCdcFile c -> c.path() == null ? "path" : null;
          case SetTransaction t -> t.appId() == null ? "appId" : null;
          case DomainMetadata d -> d.domain() == null ? "domain" : null;
          case Metadata m ->
              m.id() == null ? "id" : m.schemaString() == null ? "schemaString" : null;
          case Sidecar s -> s.path() == null ? "path" : null;
          default -> null;
        };
    if (missing != null) {
      throw new DeltaException(
          "Cannot read " + source + ": " + actionName(action) + " action has no " + missing);
    }
  }
}
