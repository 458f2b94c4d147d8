package dev.mongolake.delta.query.internal.parse;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Operator handlers keyed by name ({@code "$gt"}), one map for field-level operators and one for
 * top-level operators. Immutable once built; see {@code StandardOperators} for the contents.
 */
public final class OperatorRegistry {
  private final Map<String, FieldOperatorHandler> fieldOperators;
  private final Map<String, TopLevelOperatorHandler> topLevelOperators;

  private OperatorRegistry(
      Map<String, FieldOperatorHandler> fieldOperators,
      Map<String, TopLevelOperatorHandler> topLevelOperators) {
    this.fieldOperators = Map.copyOf(fieldOperators);
    this.topLevelOperators = Map.copyOf(topLevelOperators);
  }

  public Optional<FieldOperatorHandler> fieldOperator(String name) {
    return Optional.ofNullable(fieldOperators.get(name));
  }

  public Optional<TopLevelOperatorHandler> topLevelOperator(String name) {
    return Optional.ofNullable(topLevelOperators.get(name));
  }

  public boolean isTopLevelOperator(String name) {
    return topLevelOperators.containsKey(name);
  }

  public boolean isFieldOperator(String name) {
    return fieldOperators.containsKey(name);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Collects handlers; registering a name twice is a programming error. */
  public static final class Builder {
    private final Map<String, FieldOperatorHandler> fieldOperators = new HashMap<>();
    private final Map<String, TopLevelOperatorHandler> topLevelOperators = new HashMap<>();

    public Builder field(FieldOperatorHandler handler, String... names) {
      for (String name : names) {
        if (fieldOperators.putIfAbsent(name, handler) != null) {
          throw new IllegalStateException("Field operator registered twice: " + name);
        }
      }
      return this;
    }

    public Builder topLevel(TopLevelOperatorHandler handler, String... names) {
      for (String name : names) {
        if (topLevelOperators.putIfAbsent(name, handler) != null) {
          throw new IllegalStateException("Top-level operator registered twice: " + name);
        }
      }
      return this;
    }

    public OperatorRegistry build() {
      return new OperatorRegistry(fieldOperators, topLevelOperators);
    }
  }
}
