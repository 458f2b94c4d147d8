package dev.mongolake.server.authz;

import dev.mongolake.server.auth.RoleName;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Roles held in memory: for tests, and for a server without persistent storage. */
public final class InMemoryRoleStore implements RoleStore {

  private final ConcurrentMap<RoleName, Role> roles = new ConcurrentHashMap<>();

  @Override
  public Optional<Role> find(RoleName name) {
    return Optional.ofNullable(roles.get(name));
  }

  @Override
  public List<Role> list(String db) {
    return roles.values().stream()
        .filter(r -> db == null || r.name().db().equals(db))
        .sorted(Comparator.comparing(r -> r.name().id()))
        .toList();
  }

  @Override
  public void create(Role role) {
    if (roles.putIfAbsent(role.name(), role) != null) {
      throw RoleErrors.alreadyExists(role.name());
    }
  }

  @Override
  public void update(Role role) {
    if (roles.replace(role.name(), role) == null) {
      throw RoleErrors.notFound(role.name());
    }
  }

  @Override
  public boolean drop(RoleName name) {
    return roles.remove(name) != null;
  }
}
