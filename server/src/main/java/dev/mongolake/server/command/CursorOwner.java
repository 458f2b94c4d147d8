package dev.mongolake.server.command;

import java.util.Set;

/**
 * Who opened a cursor: the users who may continue it and the logical session it belongs to.
 *
 * @param users the connection's authenticated users when authorization is on, none otherwise (see
 *     {@link CommandRequest#cursorOwners()})
 * @param session the session of the request that opened it, or {@code null} for a request sent
 *     without an {@code lsid}
 * @param txnNumber the multi-document transaction it was opened in, or {@code null}: only that
 *     transaction's statements may continue it
 */
public record CursorOwner(Set<String> users, LogicalSessionId session, Long txnNumber) {

  /** Nobody in particular, in no session: a cursor anyone may continue while auth is off. */
  public static final CursorOwner NONE = new CursorOwner(Set.of(), null);

  public CursorOwner {
    users = Set.copyOf(users);
  }

  /** A cursor opened outside any transaction. */
  public CursorOwner(Set<String> users, LogicalSessionId session) {
    this(users, session, null);
  }
}
