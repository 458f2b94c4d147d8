package dev.mongolake.server.auth;

/**
 * What the server stores for one user and mechanism: enough to verify a SCRAM proof, never the
 * password itself.
 */
public record ScramCredential(
    ScramMechanism mechanism, byte[] salt, int iterations, byte[] storedKey, byte[] serverKey) {

  public ScramCredential {
    salt = salt.clone();
    storedKey = storedKey.clone();
    serverKey = serverKey.clone();
  }

  @Override
  public byte[] salt() {
    return salt.clone();
  }

  @Override
  public byte[] storedKey() {
    return storedKey.clone();
  }

  @Override
  public byte[] serverKey() {
    return serverKey.clone();
  }
}
