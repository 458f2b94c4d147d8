package dev.mongolake.delta.log;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The free-form {@code commitInfo} action (commit provenance). Every field is preserved as written;
 * accessors interpret the well-known ones.
 *
 * @param values the JSON object's fields in order (String, Number, Boolean, List, Map or null)
 */
public record CommitInfo(Map<String, Object> values) implements Action {

  @JsonCreator
  public CommitInfo {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  @JsonValue
  @Override
  public Map<String, Object> values() {
    return values;
  }

  /** The {@code inCommitTimestamp} field, when the writer wrote one. */
  @JsonIgnore
  public Optional<Long> inCommitTimestamp() {
    return longField("inCommitTimestamp");
  }

  /** The writer's wall-clock {@code timestamp} field, when present. */
  @JsonIgnore
  public Optional<Long> timestamp() {
    return longField("timestamp");
  }

  /** The {@code operation} field, when present (for example {@code WRITE}). */
  @JsonIgnore
  public Optional<String> operation() {
    return Optional.ofNullable(values.get("operation")).map(Object::toString);
  }

  /** The {@code txnId} field, a unique id of the transaction that wrote this commit. */
  @JsonIgnore
  public Optional<String> txnId() {
    return Optional.ofNullable(values.get("txnId")).map(Object::toString);
  }

  private Optional<Long> longField(String name) {
    return values.get(name) instanceof Number n ? Optional.of(n.longValue()) : Optional.empty();
  }
}
