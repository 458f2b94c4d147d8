package dev.mongolake.server.auth;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The server side of one SCRAM exchange (RFC 5802): client-first -> server-first, client-final ->
 * server-final. Not thread-safe; one per connection and attempt.
 *
 * <p>An unknown user gets a made-up salt and fails only at the final step, with the same error as a
 * wrong password, so that a client cannot probe which users exist.
 */
final class ScramConversation {

  private static final String FAILED = "Authentication failed.";
  private static final Base64.Encoder B64 = Base64.getEncoder();
  private static final Base64.Decoder B64D = Base64.getDecoder();

  private final ScramMechanism mechanism;
  private final String database;
  private final UserStore users;
  private final SecureRandom random;
  private final boolean skipEmptyExchange;

  private String clientFirstBare;
  private String serverFirst;
  private String nonce;
  private String gs2Header;
  private Optional<User> user = Optional.empty();
  private ScramCredential credential;
  private boolean finished;
  private boolean verified;

  ScramConversation(
      ScramMechanism mechanism,
      String database,
      UserStore users,
      SecureRandom random,
      boolean skipEmptyExchange) {
    this.skipEmptyExchange = skipEmptyExchange;
    this.mechanism = mechanism;
    this.database = database;
    this.users = users;
    this.random = random;
  }

  /** Handles client-first-message; returns server-first-message. */
  byte[] start(byte[] clientFirstMessage) {
    String message = new String(clientFirstMessage, StandardCharsets.UTF_8);
    int headerEnd = indexOfSecondComma(message);
    gs2Header = message.substring(0, headerEnd + 1);
    if (!gs2Header.startsWith("n,") && !gs2Header.startsWith("y,")) {
      throw badMessage("channel binding is not supported");
    }
    clientFirstBare = message.substring(headerEnd + 1);
    Map<Character, String> attributes = attributes(clientFirstBare);
    String name = unescapeName(required(attributes, 'n'));
    String clientNonce = required(attributes, 'r');
    user = users.find(database, name);
    credential =
        user.map(u -> u.credentials().get(mechanism)).orElseGet(() -> decoyCredential(name));
    byte[] serverNonce = new byte[24];
    random.nextBytes(serverNonce);
    nonce = clientNonce + B64.encodeToString(serverNonce);
    serverFirst =
        "r="
            + nonce
            + ",s="
            + B64.encodeToString(credential.salt())
            + ",i="
            + credential.iterations();
    return serverFirst.getBytes(StandardCharsets.UTF_8);
  }

  /** Handles client-final-message; returns server-final-message or throws AuthenticationFailed. */
  byte[] finish(byte[] clientFinalMessage) {
    if (serverFirst == null || finished) {
      throw new MongoLakeException(
          ErrorCode.PROTOCOL_ERROR, "Cannot continue SASL: no exchange in progress");
    }
    finished = true;
    String message = new String(clientFinalMessage, StandardCharsets.UTF_8);
    int proofAt = message.lastIndexOf(",p=");
    if (proofAt < 0) {
      throw badMessage("the final message has no proof");
    }
    String withoutProof = message.substring(0, proofAt);
    Map<Character, String> attributes = attributes(withoutProof);
    String channelBinding = new String(decode(required(attributes, 'c')), StandardCharsets.UTF_8);
    if (!channelBinding.equals(gs2Header) || !nonce.equals(required(attributes, 'r'))) {
      throw failed();
    }
    byte[] proof = decode(message.substring(proofAt + 3));
    String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
    byte[] clientSignature = mechanism.hmac(credential.storedKey(), authMessage);
    if (proof.length != clientSignature.length) {
      throw failed();
    }
    byte[] clientKey = new byte[proof.length];
    for (int i = 0; i < proof.length; i++) {
      clientKey[i] = (byte) (proof[i] ^ clientSignature[i]);
    }
    boolean proofValid = MessageDigest.isEqual(mechanism.hash(clientKey), credential.storedKey());
    if (user.isEmpty() || !proofValid) {
      throw failed();
    }
    verified = true;
    byte[] serverSignature = mechanism.hmac(credential.serverKey(), authMessage);
    return ("v=" + B64.encodeToString(serverSignature)).getBytes(StandardCharsets.UTF_8);
  }

  /** Whether the client's proof was accepted. */
  boolean isVerified() {
    return verified;
  }

  /** Whether the client asked to finish without the closing empty round trip. */
  boolean skipsEmptyExchange() {
    return skipEmptyExchange;
  }

  /** The authenticated user, once {@link #finish} succeeded. */
  User user() {
    return user.orElseThrow();
  }

  private ScramCredential decoyCredential(String name) {
    byte[] salt = new byte[16];
    random.nextBytes(salt);
    byte[] key = new byte[mechanism.hashLength()];
    random.nextBytes(key);
    return new ScramCredential(mechanism, salt, mechanism.defaultIterations(), key, key);
  }

  private static int indexOfSecondComma(String message) {
    int first = message.indexOf(',');
    int second = first < 0 ? -1 : message.indexOf(',', first + 1);
    if (second < 0) {
      throw badMessage("the first message has no GS2 header");
    }
    return second;
  }

  private static Map<Character, String> attributes(String message) {
    Map<Character, String> attributes = new HashMap<>();
    for (String part : message.split(",")) {
      if (part.length() < 2 || part.charAt(1) != '=') {
        throw badMessage("malformed attribute '" + part + "'");
      }
      attributes.putIfAbsent(part.charAt(0), part.substring(2));
    }
    return attributes;
  }

  private static String required(Map<Character, String> attributes, char name) {
    String value = attributes.get(name);
    if (value == null || value.isEmpty()) {
      throw badMessage("attribute '" + name + "' is missing");
    }
    return value;
  }

  private static String unescapeName(String name) {
    return name.replace("=2C", ",").replace("=3D", "=");
  }

  private static byte[] decode(String base64) {
    try {
      return B64D.decode(base64);
    } catch (IllegalArgumentException e) {
      throw badMessage("invalid base64");
    }
  }

  private static MongoLakeException badMessage(String reason) {
    return new MongoLakeException(
        ErrorCode.BAD_VALUE, "Cannot authenticate: invalid SCRAM message: " + reason);
  }

  private static MongoLakeException failed() {
    return new MongoLakeException(ErrorCode.AUTHENTICATION_FAILED, FAILED);
  }
}
