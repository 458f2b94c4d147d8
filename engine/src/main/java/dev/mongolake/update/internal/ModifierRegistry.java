package dev.mongolake.update.internal;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Update operators by name. Immutable once built; thread-safe. */
public final class ModifierRegistry {
  private final Map<String, ModifierHandler> handlers;

  private ModifierRegistry(Map<String, ModifierHandler> handlers) {
    this.handlers = Map.copyOf(handlers);
  }

  /** A registry of {@code handlers}, keyed by {@link ModifierHandler#name()}. */
  public static ModifierRegistry of(Collection<? extends ModifierHandler> handlers) {
    Map<String, ModifierHandler> byName = new TreeMap<>();
    for (ModifierHandler handler : handlers) {
      if (byName.put(handler.name(), handler) != null) {
        throw new IllegalArgumentException("duplicate update operator " + handler.name());
      }
    }
    return new ModifierRegistry(byName);
  }

  /** The handler for {@code name}, if the operator exists. */
  public Optional<ModifierHandler> find(String name) {
    return Optional.ofNullable(handlers.get(name));
  }

  /** The registered operator names. */
  public Collection<String> names() {
    return new TreeMap<>(handlers).keySet();
  }
}
