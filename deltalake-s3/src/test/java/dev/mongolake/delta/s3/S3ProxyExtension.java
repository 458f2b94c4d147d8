package dev.mongolake.delta.s3;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * Runs a real S3-compatible server, s3proxy, for one test class: started as a separate JVM on
 * 127.0.0.1 and a free port (it bundles its own AWS SDK, so it stays off the test classpath), with
 * one bucket created, and killed by its process id after the class. Register it in a static field
 * with {@code @RegisterExtension}.
 */
public final class S3ProxyExtension implements BeforeAllCallback, AfterAllCallback {

  /** The bucket the server starts with. */
  public static final String BUCKET = "lake";

  static final String IDENTITY = "mongolake-test";
  static final String CREDENTIAL = "mongolake-test-secret";

  private Process process;
  private Path workDir;
  private URI endpoint;
  private S3Client client;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Path jar = Path.of(System.getProperty("s3proxy.jar", "target/s3proxy/s3proxy.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "Cannot start s3proxy: "
              + jar.toAbsolutePath()
              + " is missing; the Maven build copies it in generate-test-resources");
    }
    workDir = Files.createTempDirectory("s3proxy-");
    Path data = Files.createDirectories(workDir.resolve("data"));
    int port = freePort();
    endpoint = URI.create("http://127.0.0.1:" + port);
    Path properties = workDir.resolve("s3proxy.properties");
    Files.writeString(
        properties,
        String.join(
            "\n",
            "s3proxy.endpoint=" + endpoint,
            "s3proxy.authorization=aws-v2-or-v4",
            "s3proxy.identity=" + IDENTITY,
            "s3proxy.credential=" + CREDENTIAL,
            "jclouds.provider=filesystem-nio2",
            "jclouds.filesystem.basedir=" + data,
            ""));
    Path log = workDir.resolve("s3proxy.log");
    process =
        new ProcessBuilder(
                List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-Xmx384m",
                    "-jar",
                    jar.toString(),
                    "--properties",
                    properties.toString()))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    await("s3proxy listening on " + endpoint)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> answers(port, log));
    client = newClient(endpoint);
    client.createBucket(b -> b.bucket(BUCKET));
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (client != null) {
      client.close();
    }
    if (process != null) {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
    if (workDir != null) {
      try (Stream<Path> files = Files.walk(workDir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** The server's URL. */
  URI endpoint() {
    return endpoint;
  }

  /** The process id of the server, for tests that need to stop it. */
  long pid() {
    return process.pid();
  }

  /** A plain client of the server, for checking objects behind the storage's back. */
  public S3Client client() {
    return client;
  }

  /** An {@code s3://} location for {@code prefix} in the test bucket at {@code endpoint}. */
  static URI location(URI endpoint, String prefix) {
    return URI.create(
        "s3://"
            + BUCKET
            + "/"
            + prefix
            + "?endpoint="
            + endpoint
            + "&region=us-east-1&pathStyle=true&accessKey="
            + IDENTITY
            + "&secretKey="
            + CREDENTIAL);
  }

  /** An {@code s3://} location for {@code prefix} in the test bucket. */
  public URI location(String prefix) {
    return location(endpoint, prefix);
  }

  static S3Client newClient(URI endpoint) {
    return S3Client.builder()
        .endpointOverride(endpoint)
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create(IDENTITY, CREDENTIAL)))
        .httpClient(ApacheHttpClient.builder().expectContinueEnabled(false).build())
        .serviceConfiguration(
            S3Configuration.builder()
                .pathStyleAccessEnabled(true)
                .expectContinueEnabled(false)
                .build())
        .build();
  }

  private boolean answers(int port, Path log) throws IOException {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          "Cannot start s3proxy: it exited with "
              + process.exitValue()
              + ":\n"
              + Files.readString(log));
    }
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
