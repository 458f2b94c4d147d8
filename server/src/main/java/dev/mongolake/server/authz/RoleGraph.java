package dev.mongolake.server.authz;

import dev.mongolake.server.auth.RoleName;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Every role there is, built-in and user-defined, and what they add up to through inheritance.
 * Resolution walks the graph breadth first and visits each role once, so even a cycle written into
 * the roles file by hand cannot loop; the role commands refuse to create one. Thread-safe.
 */
public final class RoleGraph {

  /**
   * What a set of roles adds up to.
   *
   * @param roles every role reached from the starting ones, excluding them (MongoDB's {@code
   *     inheritedRoles} of a role, or every role of a user including its own)
   * @param privileges the privileges of the starting roles and every role reached
   */
  public record Resolved(Set<RoleName> roles, PrivilegeSet privileges) {}

  private final RoleStore store;

  public RoleGraph(RoleStore store) {
    this.store = store;
  }

  /** The user-defined roles. */
  public RoleStore store() {
    return store;
  }

  /** The role with this name, built-in or user-defined. */
  public Optional<Role> find(RoleName name) {
    Optional<Role> builtin = BuiltinRoles.find(name);
    return builtin.isPresent() ? builtin : store.find(name);
  }

  /**
   * The role with this name.
   *
   * @throws dev.mongolake.MongoLakeException RoleNotFound, in MongoDB's words
   */
  public Role require(RoleName name) {
    return find(name).orElseThrow(() -> RoleErrors.notFound(name));
  }

  /**
   * Fails unless every role exists.
   *
   * @throws dev.mongolake.MongoLakeException RoleNotFound naming the first missing role
   */
  public void requireAll(Collection<RoleName> names) {
    names.forEach(this::require);
  }

  /**
   * What holding {@code start} gives: the roles they inherit, transitively, and all their
   * privileges. Roles that no longer exist contribute nothing.
   *
   * @param includeStart whether the starting roles themselves are listed in {@link
   *     Resolved#roles()}
   */
  public Resolved resolve(Collection<RoleName> start, boolean includeStart) {
    Set<RoleName> visited = new LinkedHashSet<>();
    Set<RoleName> reached = new LinkedHashSet<>();
    PrivilegeSet privileges = PrivilegeSet.empty();
    Deque<RoleName> queue = new ArrayDeque<>(start);
    Set<RoleName> starting = Set.copyOf(start);
    while (!queue.isEmpty()) {
      RoleName name = queue.removeFirst();
      if (!visited.add(name)) {
        continue;
      }
      Optional<Role> role = find(name);
      if (role.isEmpty()) {
        continue;
      }
      if (includeStart || !starting.contains(name)) {
        reached.add(name);
      }
      privileges = privileges.plus(role.get().privileges());
      queue.addAll(role.get().roles());
    }
    return new Resolved(reached, privileges);
  }

  /** Whether {@code target} is among {@code start} or the roles they inherit. */
  public boolean reaches(Collection<RoleName> start, RoleName target) {
    return start.contains(target) || resolve(start, true).roles().contains(target);
  }
}
