package dev.mongolake.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The two SCRAM mechanisms MongoDB speaks (RFC 5802 with SHA-1, RFC 7677 with SHA-256), with
 * MongoDB's password preparation for each.
 */
public enum ScramMechanism {
  /** SCRAM-SHA-1: MongoDB first digests the password as hex(MD5(user + ":mongo:" + password)). */
  SCRAM_SHA_1("SCRAM-SHA-1", "HmacSHA1", "SHA-1", "PBKDF2WithHmacSHA1", 10_000),
  /** SCRAM-SHA-256: the password is SASLprep'd and used as is. */
  SCRAM_SHA_256("SCRAM-SHA-256", "HmacSHA256", "SHA-256", "PBKDF2WithHmacSHA256", 15_000);

  private final String mechanismName;
  private final String hmac;
  private final String digest;
  private final String pbkdf2;
  private final int defaultIterations;

  ScramMechanism(
      String mechanismName, String hmac, String digest, String pbkdf2, int defaultIterations) {
    this.mechanismName = mechanismName;
    this.hmac = hmac;
    this.digest = digest;
    this.pbkdf2 = pbkdf2;
    this.defaultIterations = defaultIterations;
  }

  /** The SASL mechanism name, for example {@code "SCRAM-SHA-256"}. */
  public String mechanismName() {
    return mechanismName;
  }

  /** Iterations used for new credentials (MongoDB's defaults). */
  public int defaultIterations() {
    return defaultIterations;
  }

  /** The mechanism with this SASL name, or empty. */
  public static Optional<ScramMechanism> byName(String name) {
    for (ScramMechanism mechanism : values()) {
      if (mechanism.mechanismName.equals(name)) {
        return Optional.of(mechanism);
      }
    }
    return Optional.empty();
  }

  /** The password as this mechanism feeds it to PBKDF2. */
  String preparePassword(String user, String password) {
    return switch (this) {
      case SCRAM_SHA_1 -> md5Hex(user + ":mongo:" + password);
      case SCRAM_SHA_256 -> SaslPrep.prepare(password);
    };
  }

  /** Derives the stored credential for a password: what the user store keeps. */
  public ScramCredential credential(String user, String password, byte[] salt, int iterations) {
    byte[] salted = saltedPassword(preparePassword(user, password), salt, iterations);
    byte[] clientKey = hmac(salted, "Client Key");
    return new ScramCredential(this, salt, iterations, hash(clientKey), hmac(salted, "Server Key"));
  }

  byte[] saltedPassword(String preparedPassword, byte[] salt, int iterations) {
    try {
      PBEKeySpec spec =
          new PBEKeySpec(preparedPassword.toCharArray(), salt, iterations, hashLength() * 8);
      return SecretKeyFactory.getInstance(pbkdf2).generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot derive a SCRAM key: " + e.getMessage(), e);
    }
  }

  byte[] hmac(byte[] key, String message) {
    return hmac(key, message.getBytes(StandardCharsets.UTF_8));
  }

  byte[] hmac(byte[] key, byte[] message) {
    try {
      Mac mac = Mac.getInstance(hmac);
      mac.init(new SecretKeySpec(key, hmac));
      return mac.doFinal(message);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot compute " + hmac + ": " + e.getMessage(), e);
    }
  }

  byte[] hash(byte[] data) {
    try {
      return MessageDigest.getInstance(digest).digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot compute " + digest + ": " + e.getMessage(), e);
    }
  }

  int hashLength() {
    return this == SCRAM_SHA_1 ? 20 : 32;
  }

  private static String md5Hex(String text) {
    try {
      byte[] md5 = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(md5);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot compute MD5: " + e.getMessage(), e);
    }
  }
}
