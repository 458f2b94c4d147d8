package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mongolake serve} and {@code dev} as real processes: they print where they listen, the REST
 * API answers there, and SIGTERM stops them cleanly.
 */
class ServeProcessTest {

  @TempDir Path work;
  private Process process;

  @AfterEach
  void stop() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void serveInsecurePrintsItsListenersAndAnswersHealth() throws Exception {
    Path log = start("serve", "--insecure");

    String rest = awaitLine(log, "rest ").substring("rest ".length());
    assertThat(Files.readString(log))
        .contains("serving")
        .contains("auth OFF")
        .doesNotContain("Press Ctrl-C");
    assertThat(healthStatus(rest)).isEqualTo(200);

    process.destroy();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void devPrintsTheRestUrl() throws Exception {
    Path log = start("dev");

    String line = awaitLine(log, "  rest:");
    String rest = line.substring(line.indexOf("http://"));
    assertThat(healthStatus(rest)).isEqualTo(200);
  }

  private Path start(String command, String... extra) throws IOException {
    Path log = work.resolve(command + ".log");
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                MongoLakeCli.class.getName(),
                command,
                "--port",
                "0",
                "--http-port",
                "0",
                "--path",
                work.resolve("data").toString()));
    args.addAll(List.of(extra));
    process =
        new ProcessBuilder(args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return log;
  }

  private String awaitLine(Path log, String prefix) {
    return await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> line(log, prefix), Optional::isPresent)
        .orElseThrow();
  }

  private static Optional<String> line(Path log, String prefix) throws IOException {
    if (!Files.exists(log)) {
      return Optional.empty();
    }
    return Files.readAllLines(log).stream().filter(l -> l.startsWith(prefix)).findFirst();
  }

  private static int healthStatus(String restUrl) throws Exception {
    try (HttpClient http = HttpClient.newHttpClient()) {
      return http.send(
              HttpRequest.newBuilder(URI.create(restUrl + "/health")).build(),
              HttpResponse.BodyHandlers.ofString())
          .statusCode();
    }
  }
}
