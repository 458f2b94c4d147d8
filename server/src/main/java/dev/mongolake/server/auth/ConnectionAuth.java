package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Authentication state of one connection: the SCRAM exchange in progress and the users it has
 * authenticated as. Guarded by the connection's own thread; reads from other threads see a
 * consistent list.
 */
public final class ConnectionAuth {

  private final List<User> users = new CopyOnWriteArrayList<>();
  private ScramConversation conversation;
  private int conversationId;

  /** Whether any user is authenticated on this connection. */
  public boolean isAuthenticated() {
    return !users.isEmpty();
  }

  /** The users authenticated on this connection. */
  public List<User> users() {
    return List.copyOf(users);
  }

  /** Whether the user {@code name} defined on {@code database} is authenticated here. */
  public boolean isAuthenticatedAs(String database, String name) {
    return users.stream().anyMatch(u -> u.database().equals(database) && u.name().equals(name));
  }

  int begin(ScramConversation next) {
    conversation = next;
    return ++conversationId;
  }

  ScramConversation current(int id) {
    if (conversation == null || id != conversationId) {
      throw new MongoLakeException(
          ErrorCode.PROTOCOL_ERROR, "Cannot continue SASL: no conversation with id " + id);
    }
    return conversation;
  }

  void succeeded(User user) {
    conversation = null;
    users.removeIf(u -> u.id().equals(user.id()));
    users.add(user);
  }

  void abandon() {
    conversation = null;
  }

  /** Forgets every authenticated user ({@code logout}). */
  public void logout() {
    users.clear();
    conversation = null;
  }
}
