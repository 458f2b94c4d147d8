package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.daktilo.Durability;
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wire protocol over TLS with PEM files, through the official Java driver. */
class TlsWithJavaDriverTest {

  private static final char[] STORE_PASSWORD = "changeit".toCharArray();

  @TempDir static Path keys;
  @TempDir Path data;

  private static Path certificatePem;
  private static Path keyPem;
  private static KeyStore trusted;

  /** A self-signed EC certificate for 127.0.0.1 made with the JDK's keytool, exported as PEM. */
  @BeforeAll
  static void certificate() throws Exception {
    Path store = keys.resolve("server.p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
                "-validity",
                "2",
                "-keystore",
                store.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                "changeit",
                "-keypass",
                "changeit")
            .redirectErrorStream(true)
            .start();
    assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(keytool.exitValue()).isZero();
    KeyStore keyStore = KeyStore.getInstance("PKCS12");
    try (InputStream in = new FileInputStream(store.toFile())) {
      keyStore.load(in, STORE_PASSWORD);
    }
    Certificate certificate = keyStore.getCertificate("server");
    certificatePem = keys.resolve("server.crt");
    keyPem = keys.resolve("server.key");
    Files.writeString(certificatePem, pem("CERTIFICATE", certificate.getEncoded()));
    Files.writeString(
        keyPem, pem("PRIVATE KEY", keyStore.getKey("server", STORE_PASSWORD).getEncoded()));
    trusted = KeyStore.getInstance("PKCS12");
    trusted.load(null, null);
    trusted.setCertificateEntry("server", certificate);
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  private MongoLakeServer start(ServerConfig.TlsFiles tls) {
    return MongoLakeServer.start(config(tls), "test");
  }

  private ServerConfig config(ServerConfig.TlsFiles tls) {
    return new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test"))
        .withTls(tls);
  }

  private static MongoClient client(String connectionString, boolean tls) throws Exception {
    TrustManagerFactory trust =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, trust.getTrustManagers(), null);
    return MongoClients.create(
        MongoClientSettings.builder()
            .applyConnectionString(new ConnectionString(connectionString))
            .applyToClusterSettings(c -> c.serverSelectionTimeout(3, TimeUnit.SECONDS))
            .applyToSslSettings(ssl -> ssl.enabled(tls).context(context))
            .build());
  }

  @Test
  void driverWritesAndReadsOverTlsWithAPemCertificate() throws Exception {
    try (MongoLakeServer server = start(new ServerConfig.TlsFiles(certificatePem, keyPem));
        MongoClient client = client(server.connectionString(), true)) {
      var users = client.getDatabase("app").getCollection("users");
      users.insertOne(new Document("_id", 1).append("name", "Alice"));

      assertThat(server.connectionString()).endsWith("?tls=true");
      assertThat(users.find().first()).isEqualTo(new Document("_id", 1).append("name", "Alice"));
    }
  }

  @Test
  void aTlsMonitorHeldInAnAwaitableHelloStaysUsableAndIsFreedWhenTheClientCloses()
      throws Exception {
    try (MongoLakeServer server =
        MongoLakeServer.start(
            config(new ServerConfig.TlsFiles(certificatePem, keyPem)).withHttpPort(0), "test")) {
      try (MongoClient client = client(server.connectionString(), true)) {
        var users = client.getDatabase("app").getCollection("users");
        users.insertOne(new Document("_id", 1));
        // The driver's monitor now holds a hello for its 10 s heartbeat; the server checks each
        // second, over TLS, that the client is still there, and must leave the stream intact.
        Thread.sleep(2_500);
        users.insertOne(new Document("_id", 2));
        assertThat(users.countDocuments()).isEqualTo(2);
        assertThat(openConnections(server)).isPositive();
      }
      // Without the check the held hello would keep its connection until the heartbeat (~7 s on).
      await()
          .atMost(Duration.ofSeconds(5))
          .untilAsserted(() -> assertThat(openConnections(server)).isZero());
    }
  }

  private static long openConnections(MongoLakeServer server) throws Exception {
    HttpResponse<String> metrics =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(server.restUrl().orElseThrow() + "/metrics"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return metrics
        .body()
        .lines()
        .filter(line -> line.startsWith("mongolake_open_connections "))
        .mapToLong(line -> (long) Double.parseDouble(line.substring(line.indexOf(' ') + 1)))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void plainClientCannotTalkToATlsServer() throws Exception {
    try (MongoLakeServer server = start(new ServerConfig.TlsFiles(certificatePem, keyPem));
        MongoClient client = client(server.connectionString().replace("?tls=true", ""), false)) {
      assertThatThrownBy(() -> client.getDatabase("admin").runCommand(new Document("ping", 1)))
          .isInstanceOf(MongoTimeoutException.class);
    }
  }

  @Test
  void keyFileWithoutAPkcs8KeyIsRefusedWithAHint() throws Exception {
    Path pkcs1 = keys.resolve("rsa.key");
    Files.writeString(
        pkcs1, "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");

    assertThatThrownBy(() -> start(new ServerConfig.TlsFiles(certificatePem, pkcs1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("openssl pkcs8 -topk8");
  }
}
