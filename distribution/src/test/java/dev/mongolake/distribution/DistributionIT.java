package dev.mongolake.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unpacks the tarball the build made into a folder outside the source tree and runs it as a user
 * would: {@code bin/mongolake} from its own folder, configured by a file.
 */
class DistributionIT {

  private static final Pattern CONNECT = Pattern.compile("connect:\\s+(mongodb://\\S+)");

  @TempDir Path outside;

  private Path home;
  private Process server;

  @BeforeEach
  void unpack() throws Exception {
    Path tarball = Paths.get(System.getProperty("mongolake.tarball"));
    assertThat(tarball).isRegularFile();
    Process tar =
        new ProcessBuilder("tar", "xzf", tarball.toString(), "-C", outside.toString())
            .inheritIO()
            .start();
    assertThat(tar.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(tar.exitValue()).isZero();
    home = outside.resolve("mongolake-" + System.getProperty("mongolake.version"));
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (server != null && server.isAlive()) {
      server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void tarballHoldsLauncherLibrariesSampleConfigAndDocs() {
    assertThat(home.resolve("bin/mongolake")).isExecutable();
    assertThat(home.resolve("bin/find-jdk.sh")).isRegularFile();
    assertThat(home.resolve("conf/mongolake.conf")).isRegularFile();
    assertThat(home.resolve("docs/getting-started.md")).isRegularFile();
    assertThat(home.resolve("README.md")).isRegularFile();
    assertThat(home.resolve("LICENSE")).isRegularFile();
    assertThat(home.resolve("CHANGELOG.md")).isRegularFile();
    assertThat(home.resolve("lib").toFile().list())
        .anyMatch(jar -> jar.startsWith("server-") && jar.endsWith(".jar"))
        .anyMatch(jar -> jar.startsWith("mongolake-") && jar.endsWith(".jar"));
  }

  @Test
  void versionNamesTheReleaseAndTheCommitItWasBuiltFrom() throws Exception {
    Process version = launcher("--version").redirectErrorStream(true).start();
    String printed = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(version.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(version.exitValue()).isZero();
    assertThat(printed)
        .startsWith("mongolake " + System.getProperty("mongolake.version"))
        .containsPattern("commit [0-9a-f]{7,}|commit unknown")
        .contains("Java 25");
  }

  @Test
  void startsFromItsOwnFolderWithAConfigFileAndServesTheDriver() throws Exception {
    Path data = outside.resolve("data");
    Path config = home.resolve("conf/test.conf");
    Files.writeString(
        config,
        """
        # The sample's shape, with a free port and a data folder of the test's.
        net:
          port: 0
          bindIp: 127.0.0.1
          http:
            port: -1
        storage:
          dbPath: %s
        """
            .formatted(data));
    server = launcher("dev", "--config", config.toString()).redirectErrorStream(true).start();
    List<String> output = new ArrayList<>();
    String connectionString = awaitConnectionString(server, output);

    try (MongoClient client = MongoClients.create(connectionString)) {
      MongoCollection<Document> items = client.getDatabase("shop").getCollection("items");
      items.insertOne(new Document("_id", 1).append("name", "lamp"));
      assertThat(items.find().first()).isEqualTo(new Document("_id", 1).append("name", "lamp"));
    }

    server.destroy(); // SIGTERM, as a service manager stops it
    assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("stopped after SIGTERM").isTrue();
    assertThat(data.resolve("shop/items/_delta_log")).as("flushed on shutdown").isDirectory();
  }

  private ProcessBuilder launcher(String... args) {
    List<String> command = new ArrayList<>(List.of(home.resolve("bin/mongolake").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
    // Run as a user whose default java may be any version: the launcher finds a JDK 25 itself.
    builder.environment().remove("JAVA_HOME");
    return builder;
  }

  /** Reads the server's banner until it prints where to connect; keeps the lines for failures. */
  private static String awaitConnectionString(Process process, List<String> output)
      throws Exception {
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> found =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                  synchronized (output) {
                    output.add(line);
                  }
                  Matcher connect = CONNECT.matcher(line);
                  if (connect.find()) {
                    drainInBackground(lines);
                    return connect.group(1);
                  }
                }
                throw new IllegalStateException("the server ended without serving: " + output);
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            });
    return found.get(Duration.ofMinutes(2).toSeconds(), TimeUnit.SECONDS);
  }

  /** Keeps reading so that the server never blocks on a full pipe. */
  private static void drainInBackground(BufferedReader lines) {
    Thread.ofVirtual()
        .start(
            () -> {
              try {
                while (lines.readLine() != null) {
                  // discarded: only the banner matters to the test
                }
              } catch (IOException ignored) {
                // the process ended
              }
            });
  }
}
