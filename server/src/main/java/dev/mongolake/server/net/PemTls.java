package dev.mongolake.server.net;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * Builds a server TLS context from PEM files, the format {@code openssl}, Let's Encrypt and
 * MongoDB's {@code --tlsCertificateKeyFile} use: a certificate chain and an unencrypted PKCS#8
 * private key (RSA, EC or EdDSA). The key may sit in the certificate file too.
 */
public final class PemTls {

  private static final Pattern PRIVATE_KEY =
      Pattern.compile("-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
  private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448");
  private static final char[] IN_MEMORY_PASSWORD = new char[0];

  private PemTls() {}

  /**
   * @throws IllegalArgumentException naming the file and what is wrong with it
   */
  public static SSLContext context(Path certificateChain, Path privateKey) {
    try {
      List<? extends Certificate> chain = certificates(certificateChain);
      PrivateKey key = privateKey(privateKey);
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("server", key, IN_MEMORY_PASSWORD, chain.toArray(Certificate[]::new));
      KeyManagerFactory keys =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(store, IN_MEMORY_PASSWORD);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys.getKeyManagers(), null, null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalArgumentException(
          "Cannot set up TLS with "
              + certificateChain
              + " and "
              + privateKey
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private static List<? extends Certificate> certificates(Path file)
      throws IOException, GeneralSecurityException {
    byte[] pem = read(file);
    List<? extends Certificate> chain =
        List.copyOf(
            CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(pem)));
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("No PEM certificate in " + file);
    }
    return chain;
  }

  private static PrivateKey privateKey(Path file) throws IOException {
    String pem = new String(read(file), StandardCharsets.US_ASCII);
    Matcher matcher = PRIVATE_KEY.matcher(pem);
    if (!matcher.find()) {
      String hint =
          pem.contains("BEGIN RSA PRIVATE KEY") || pem.contains("BEGIN EC PRIVATE KEY")
              ? " (it holds a PKCS#1/SEC1 key: convert it with"
                  + " 'openssl pkcs8 -topk8 -nocrypt -in key.pem -out key-pkcs8.pem')"
              : pem.contains("BEGIN ENCRYPTED PRIVATE KEY")
                  ? " (it is encrypted: decrypt it with 'openssl pkcs8 -in key.pem -out plain.pem')"
                  : "";
      throw new IllegalArgumentException("No unencrypted PKCS#8 private key in " + file + hint);
    }
    byte[] der = Base64.getMimeDecoder().decode(matcher.group(1));
    for (String algorithm : KEY_ALGORITHMS) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (GeneralSecurityException notThisAlgorithm) {
        // The PKCS#8 header names the algorithm; trying each is simpler than parsing it.
      }
    }
    throw new IllegalArgumentException(
        "The private key in " + file + " is not an RSA, EC or EdDSA key");
  }

  private static byte[] read(Path file) throws IOException {
    try {
      return Files.readAllBytes(file);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new UncheckedIOException("Cannot read " + file + ": no such file", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
