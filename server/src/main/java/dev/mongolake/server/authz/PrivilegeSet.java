package dev.mongolake.server.authz;

import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Privileges merged by resource, as MongoDB keeps them: granting {@code find} and then {@code
 * insert} on one resource gives one privilege with both actions. Immutable.
 */
public final class PrivilegeSet {

  private static final PrivilegeSet EMPTY = new PrivilegeSet(Map.of());

  private final Map<Resource, Set<ActionType>> byResource;

  private PrivilegeSet(Map<Resource, Set<ActionType>> byResource) {
    this.byResource = byResource;
  }

  public static PrivilegeSet empty() {
    return EMPTY;
  }

  public static PrivilegeSet of(Collection<Privilege> privileges) {
    return EMPTY.plus(privileges);
  }

  /** These privileges and {@code more}. */
  public PrivilegeSet plus(Collection<Privilege> more) {
    Map<Resource, Set<ActionType>> merged = mutableCopy();
    for (Privilege privilege : more) {
      merged
          .computeIfAbsent(privilege.resource(), r -> EnumSet.noneOf(ActionType.class))
          .addAll(privilege.actions());
    }
    return new PrivilegeSet(freeze(merged));
  }

  /** These privileges and {@code more}. */
  public PrivilegeSet plus(PrivilegeSet more) {
    return plus(more.privileges());
  }

  /**
   * These privileges without {@code removed}: the actions are taken off the privilege on the very
   * same resource (as {@code revokePrivilegesFromRole} does), not off broader or narrower ones.
   */
  public PrivilegeSet minus(Collection<Privilege> removed) {
    Map<Resource, Set<ActionType>> remaining = mutableCopy();
    for (Privilege privilege : removed) {
      Set<ActionType> actions = remaining.get(privilege.resource());
      if (actions != null) {
        actions.removeAll(privilege.actions());
        if (actions.isEmpty()) {
          remaining.remove(privilege.resource());
        }
      }
    }
    return new PrivilegeSet(freeze(remaining));
  }

  /** Whether some privilege grants {@code action} on a resource covering {@code resource}. */
  public boolean permits(Resource resource, ActionType action) {
    for (Map.Entry<Resource, Set<ActionType>> entry : byResource.entrySet()) {
      if (entry.getValue().contains(action) && entry.getKey().covers(resource)) {
        return true;
      }
    }
    return false;
  }

  /** Whether every action of every required privilege is granted. */
  public boolean permitsAll(Collection<Privilege> required) {
    for (Privilege privilege : required) {
      for (ActionType action : privilege.actions()) {
        if (!permits(privilege.resource(), action)) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether some privilege names a resource of database {@code db} or of every database. */
  public boolean touchesDatabase(String db) {
    for (Resource resource : byResource.keySet()) {
      if (resource instanceof Resource.AnyResource
          || (resource instanceof Resource.Namespaces ns
              && (ns.db().isEmpty() || ns.db().equals(db)))) {
        return true;
      }
    }
    return false;
  }

  /** The privileges, one per resource, in the order their resources were first granted. */
  public List<Privilege> privileges() {
    return byResource.entrySet().stream()
        .map(e -> new Privilege(e.getKey(), e.getValue()))
        .toList();
  }

  public boolean isEmpty() {
    return byResource.isEmpty();
  }

  private Map<Resource, Set<ActionType>> mutableCopy() {
    Map<Resource, Set<ActionType>> copy = new LinkedHashMap<>();
    byResource.forEach((resource, actions) -> copy.put(resource, EnumSet.copyOf(actions)));
    return copy;
  }

  private static Map<Resource, Set<ActionType>> freeze(Map<Resource, Set<ActionType>> map) {
    Map<Resource, Set<ActionType>> frozen = new LinkedHashMap<>();
    map.forEach((resource, actions) -> frozen.put(resource, Set.copyOf(actions)));
    return java.util.Collections.unmodifiableMap(frozen);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PrivilegeSet set && set.byResource.equals(byResource);
  }

  @Override
  public int hashCode() {
    return byResource.hashCode();
  }

  @Override
  public String toString() {
    return Privilege.toArray(privileges()).toString();
  }
}
