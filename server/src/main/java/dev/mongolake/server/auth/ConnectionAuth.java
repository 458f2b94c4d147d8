package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

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

  /**
   * Starts a SCRAM conversation ({@code saslStart}) for a user of {@code database}: answers the
   * client-first message, and makes the conversation this connection's current one.
   *
   * @throws MongoLakeException when the client-first message is malformed
   */
  public SaslStep startScram(
      ScramMechanism mechanism,
      String database,
      UserStore users,
      SecureRandom random,
      boolean skipEmptyExchange,
      byte[] clientFirst) {
    ScramConversation conversation =
        new ScramConversation(mechanism, database, users, random, skipEmptyExchange);
    byte[] serverFirst = conversation.start(clientFirst);
    return new SaslStep(begin(conversation), false, serverFirst);
  }

  /**
   * Continues the conversation {@code id} ({@code saslContinue}) with the client's next message,
   * which is read only once the conversation is found (an unknown id is the error a client sees
   * first). The user is authenticated here when the step completes the exchange; a failed step
   * abandons the conversation.
   *
   * @throws MongoLakeException ProtocolError for an unknown id, AuthenticationFailed for a wrong
   *     proof, or what reading the message throws
   */
  public SaslStep continueScram(int id, Supplier<byte[]> clientMessage) {
    ScramConversation conversation = current(id);
    byte[] message = clientMessage.get();
    if (conversation.isVerified()) {
      // The closing empty round trip of a client that did not ask to skip it.
      succeeded(conversation.user());
      return new SaslStep(id, true, new byte[0]);
    }
    byte[] serverFinal;
    try {
      serverFinal = conversation.finish(message);
    } catch (MongoLakeException e) {
      abandon();
      throw e;
    }
    if (conversation.skipsEmptyExchange()) {
      succeeded(conversation.user());
      return new SaslStep(id, true, serverFinal);
    }
    return new SaslStep(id, false, serverFinal);
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
