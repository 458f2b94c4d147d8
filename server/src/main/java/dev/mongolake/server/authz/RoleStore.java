package dev.mongolake.server.authz;

import dev.mongolake.server.auth.RoleName;
import java.util.List;
import java.util.Optional;

/**
 * Where user-defined roles live (built-in roles are {@link BuiltinRoles}). Implementations are
 * thread-safe.
 *
 * <p>{@link #create} fails with {@link dev.mongolake.MongoLakeException} RoleAlreadyExists when the
 * role exists; {@link #update} fails with RoleNotFound when it does not.
 */
public interface RoleStore {

  Optional<Role> find(RoleName name);

  /** The roles of a database, or of every database when {@code db} is null, sorted by id. */
  List<Role> list(String db);

  void create(Role role);

  void update(Role role);

  /**
   * @return whether the role existed
   */
  boolean drop(RoleName name);
}
