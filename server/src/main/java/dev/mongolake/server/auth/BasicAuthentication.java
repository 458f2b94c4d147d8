package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;

/**
 * HTTP Basic authentication for the REST API against the same users and SCRAM credentials the wire
 * protocol uses: the password is run through the user's stored salt and iteration count and the
 * derived key compared with the stored one, so no password is ever stored. Users are looked up in
 * the {@code admin} database, or in {@code <db>} when the name is written {@code <db>/<user>}.
 */
public final class BasicAuthentication {

  private static final String FAILED = "Authentication failed.";

  private BasicAuthentication() {}

  /**
   * Authenticates the {@code Authorization} header's user on {@code auth}.
   *
   * @throws MongoLakeException AuthenticationFailed for a malformed header, an unknown user or a
   *     wrong password (one message for all, as MongoDB does, so it reveals nothing)
   */
  public static void authenticate(UserStore users, ConnectionAuth auth, String header) {
    if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
      throw failed();
    }
    String decoded;
    try {
      decoded =
          new String(
              Base64.getDecoder().decode(header.substring(6).strip()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw failed();
    }
    int colon = decoded.indexOf(':');
    if (colon < 0) {
      throw failed();
    }
    String login = decoded.substring(0, colon);
    String password = decoded.substring(colon + 1);
    int slash = login.indexOf('/');
    String database = slash < 0 ? "admin" : login.substring(0, slash);
    String name = login.substring(slash + 1);
    User user =
        users
            .find(database, name)
            .filter(u -> matches(u, password))
            .orElseThrow(BasicAuthentication::failed);
    auth.succeeded(user);
  }

  private static boolean matches(User user, String password) {
    Optional<ScramCredential> credential =
        Optional.ofNullable(user.credentials().get(ScramMechanism.SCRAM_SHA_256))
            .or(() -> Optional.ofNullable(user.credentials().get(ScramMechanism.SCRAM_SHA_1)));
    if (credential.isEmpty()) {
      return false;
    }
    ScramCredential stored = credential.get();
    ScramCredential derived =
        stored.mechanism().credential(user.name(), password, stored.salt(), stored.iterations());
    return MessageDigest.isEqual(derived.storedKey(), stored.storedKey());
  }

  private static MongoLakeException failed() {
    return new MongoLakeException(ErrorCode.AUTHENTICATION_FAILED, FAILED);
  }
}
