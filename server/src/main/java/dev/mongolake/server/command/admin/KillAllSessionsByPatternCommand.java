package dev.mongolake.server.command.admin;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.authz.ActionType;
import dev.mongolake.server.authz.Resource;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandArguments;
import dev.mongolake.server.command.CommandFields;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.LogicalSessionId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code killAllSessionsByPattern}: {@code {killAllSessionsByPattern: [pattern, ...]}} ends every
 * session one of the patterns matches, with its cursors; an empty list, or an empty pattern, ends
 * every session. A pattern names one session ({@code lsid: {id, uid}}) or the sessions of one user
 * ({@code uid}, the SHA-256 digest of {@code user@db}, of the empty string while authorization is
 * off, as MongoDB computes it). The impersonation fields {@code users} and {@code roles}, which a
 * router sends on a user's behalf, are refused by name.
 */
public final class KillAllSessionsByPatternCommand implements Command {

  private static final Set<String> PATTERN_FIELDS = Set.of("lsid", "uid", "users", "roles");

  @Override
  public String name() {
    return "killAllSessionsByPattern";
  }

  @Override
  public Access access(CommandRequest request) {
    return Access.to(Resource.cluster(), ActionType.KILL_ANY_SESSION);
  }

  @Override
  public CommandFields fields() {
    return CommandFields.of(name());
  }

  @Override
  public String help() {
    return "Kill the sessions that match any of the given patterns.";
  }

  @Override
  public BsonDocument run(CommandRequest request) {
    List<BsonDocument> patterns = CommandArguments.of(request).documents(name());
    BiPredicate<LogicalSessionId, Set<String>> matchesAny = (session, owners) -> patterns.isEmpty();
    for (BsonDocument pattern : patterns) {
      matchesAny = matchesAny.or(parse(pattern));
    }
    request.server().sessions().killMatching(matchesAny);
    return new BsonDocument();
  }

  private BiPredicate<LogicalSessionId, Set<String>> parse(BsonDocument pattern) {
    for (String field : pattern.keySet()) {
      if (!PATTERN_FIELDS.contains(field)) {
        throw new MongoLakeException(
            ErrorCode.IDL_UNKNOWN_FIELD,
            "BSON field 'KillAllSessionsByPattern." + field + "' is an unknown field.");
      }
      if (field.equals("users") || field.equals("roles")) {
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot kill sessions by pattern with '"
                + field
                + "': impersonated users and roles are not supported");
      }
    }
    BiPredicate<LogicalSessionId, Set<String>> matches = (session, owners) -> true;
    if (pattern.get("lsid") != null) {
      LogicalSessionId lsid =
          LogicalSessionId.parse(pattern.get("lsid"), "KillAllSessionsByPattern.lsid");
      matches = matches.and((session, owners) -> session.equals(lsid));
    }
    if (pattern.get("uid") != null) {
      byte[] uid = uid(pattern.get("uid"));
      matches = matches.and((session, owners) -> ownedByUid(owners, uid));
    }
    return matches;
  }

  private static byte[] uid(BsonValue value) {
    if (!(value instanceof BsonBinary binary) || binary.getData().length != 32) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field 'KillAllSessionsByPattern.uid' is the wrong type '"
              + CommandArguments.typeName(value)
              + "', expected a 32-byte binary SHA-256 digest");
    }
    return binary.getData();
  }

  /**
   * Whether a session's owners (as {@code db.user}) include the user whose digest is {@code uid}.
   */
  private static boolean ownedByUid(Set<String> owners, byte[] uid) {
    if (owners.isEmpty()) {
      return Arrays.equals(sha256(""), uid);
    }
    for (String owner : owners) {
      int dot = owner.indexOf('.');
      String userAtDb = owner.substring(dot + 1) + "@" + owner.substring(0, dot);
      if (Arrays.equals(sha256(userAtDb), uid)) {
        return true;
      }
    }
    return false;
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform provides SHA-256", e);
    }
  }
}
