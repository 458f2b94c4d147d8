package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Users held in memory: for tests, and for a server without persistent storage. */
public final class InMemoryUserStore implements UserStore {

  private final ConcurrentMap<String, User> users = new ConcurrentHashMap<>();

  @Override
  public Optional<User> find(String database, String name) {
    return Optional.ofNullable(users.get(database + "." + name));
  }

  @Override
  public List<User> list(String database) {
    return users.values().stream()
        .filter(u -> database == null || u.database().equals(database))
        .sorted(Comparator.comparing(User::id))
        .toList();
  }

  @Override
  public void create(User user) {
    if (users.putIfAbsent(user.id(), user) != null) {
      throw new MongoLakeException(
          ErrorCode.USER_ALREADY_EXISTS,
          "User \"" + user.name() + "@" + user.database() + "\" already exists");
    }
  }

  @Override
  public void update(User user) {
    if (users.replace(user.id(), user) == null) {
      throw new MongoLakeException(
          ErrorCode.USER_NOT_FOUND,
          "Could not find user \"" + user.name() + "\" for db \"" + user.database() + "\"");
    }
  }

  @Override
  public boolean drop(String database, String name) {
    return users.remove(database + "." + name) != null;
  }
}
