package dev.mongolake.server.auth;

import java.util.List;
import java.util.Map;

/**
 * A database user: name, the database it is defined in, roles, and one SCRAM credential per
 * mechanism it may use.
 */
public record User(
    String name,
    String database,
    List<Role> roles,
    Map<ScramMechanism, ScramCredential> credentials) {

  public User {
    roles = List.copyOf(roles);
    credentials = Map.copyOf(credentials);
  }

  /** The user's id as MongoDB writes it: {@code <db>.<name>}. */
  public String id() {
    return database + "." + name;
  }

  /** A role granted on a database. */
  public record Role(String role, String db) {}
}
