package dev.mongolake.server.auth;

import java.util.List;
import java.util.Optional;

/**
 * Where users live. Implementations are thread-safe.
 *
 * <p>{@link #create} fails with {@link dev.mongolake.MongoLakeException} (code 51003-style "already
 * exists") when the user exists; {@link #update} and {@link #drop} fail when it does not.
 */
public interface UserStore {

  Optional<User> find(String database, String name);

  /** Users of a database, or of every database when {@code database} is null, sorted by id. */
  List<User> list(String database);

  void create(User user);

  void update(User user);

  /**
   * @return whether the user existed
   */
  boolean drop(String database, String name);

  /** Whether no user exists at all (the localhost exception applies). */
  default boolean isEmpty() {
    return list(null).isEmpty();
  }
}
