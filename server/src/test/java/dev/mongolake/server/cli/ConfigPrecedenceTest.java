package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.ServerConfig;
import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.logging.LogSettings;
import dev.mongolake.server.net.ConnectionThreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Flags given on the command line win over the config file, which wins over the defaults. */
class ConfigPrecedenceTest {

  private static final String FILE =
      """
      net:
        port: 27100
        bindIp: 0.0.0.0
        connectionThreads: platform
        http:
          port: 3100
      storage:
        dbPath: /srv/from-file
        tables: memory://
        durability: strict
      security:
        authorization: enabled
      systemLog:
        level: warn
        format: json
        path: /var/log/from-file.log
      """;

  @TempDir Path dir;

  private Path file() throws IOException {
    Path file = dir.resolve("mongolake.conf");
    Files.writeString(file, FILE);
    return file;
  }

  /** Parses {@code args} as {@code mongolake} does and resolves the server options they give. */
  private static ServerOptions resolved(String... args) {
    CommandLine.ParseResult parsed =
        new CommandLine(new MongoLakeCli())
            .setCaseInsensitiveEnumValuesAllowed(true)
            .parseArgs(args);
    Object command = parsed.subcommand().commandSpec().userObject();
    ServerOptions options =
        command instanceof DevCommand dev ? dev.options : ((ServeCommand) command).options;
    options.applyConfigFile();
    return options;
  }

  @Test
  void theConfigFileOverridesTheDefaults() throws IOException {
    ServerOptions options = resolved("dev", "--config", file().toString());

    ServerConfig config = options.config("dev");
    assertThat(config.port()).isEqualTo(27100);
    assertThat(config.bindAddress()).isEqualTo("0.0.0.0");
    assertThat(config.httpPort()).isEqualTo(3100);
    assertThat(config.connectionThreads()).isEqualTo(ConnectionThreads.PLATFORM);
    assertThat(config.dataPath()).isEqualTo(Path.of("/srv/from-file"));
    assertThat(config.tables()).isEqualTo("memory://");
    assertThat(config.durability()).isEqualTo(Durability.STRICT);
    assertThat(config.auth()).isTrue();
    assertThat(options.logSettings())
        .isEqualTo(
            new LogSettings(LogLevel.WARN, LogFormat.JSON, Path.of("/var/log/from-file.log")));
  }

  @Test
  void flagsOverrideTheConfigFile() throws IOException {
    ServerOptions options =
        resolved(
            "serve",
            "-f",
            file().toString(),
            "--port",
            "27200",
            "--bind",
            "127.0.0.1",
            "--http-port",
            "0",
            "--connection-threads",
            "virtual",
            "--path",
            dir.toString(),
            "--storage",
            "memory://flag",
            "--durability",
            "async",
            "--log-level",
            "debug",
            "--log-format",
            "text",
            "--log-path",
            dir.resolve("flag.log").toString());

    ServerConfig config = options.config("serve");
    assertThat(config.port()).isEqualTo(27200);
    assertThat(config.bindAddress()).isEqualTo("127.0.0.1");
    assertThat(config.httpPort()).isZero();
    assertThat(config.connectionThreads()).isEqualTo(ConnectionThreads.VIRTUAL);
    assertThat(config.dataPath()).isEqualTo(dir);
    assertThat(config.tables()).isEqualTo("memory://flag");
    assertThat(config.durability()).isEqualTo(Durability.ASYNC);
    assertThat(options.logSettings())
        .isEqualTo(new LogSettings(LogLevel.DEBUG, LogFormat.TEXT, dir.resolve("flag.log")));
  }

  @Test
  void noHttpOverridesTheFilesHttpPort() throws IOException {
    ServerConfig config = resolved("dev", "-f", file().toString(), "--no-http").config("dev");

    assertThat(config.httpPort()).isEqualTo(ServerConfig.NO_HTTP);
  }

  @Test
  void aFlagWithItsDefaultValueStillOverridesTheFile() throws IOException {
    ServerConfig config = resolved("dev", "-f", file().toString(), "--port", "27017").config("dev");

    assertThat(config.port()).isEqualTo(27017);
    assertThat(config.bindAddress()).isEqualTo("0.0.0.0");
  }

  @Test
  void theServerIsAReplicaSetOfOneUnlessToldToStandAlone() {
    assertThat(resolved("dev").config("dev").replication().replicaSetName()).isEqualTo("rs0");
    assertThat(
            resolved("serve", "--replica-set", "prod")
                .config("serve")
                .replication()
                .replicaSetName())
        .isEqualTo("prod");
    assertThat(resolved("dev", "--standalone").config("dev").replication().replicaSetName())
        .isNull();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> resolved("dev", "--standalone", "--replica-set", "x").config("dev"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--standalone cannot be combined with --replica-set");
  }

  @Test
  void theSampleConfigFileStartsWhatNoFileStarts() {
    // The sample's dbPath is the default when MONGOLAKE_PATH is not set: give both the same path.
    ServerOptions withSample =
        resolved("dev", "-f", ConfigFileReaderTest.SAMPLE.toString(), "--path", ".mongolake");
    ServerOptions without = resolved("dev", "--path", ".mongolake");

    assertThat(withSample.config("dev")).isEqualTo(without.config("dev"));
    assertThat(withSample.logSettings()).isEqualTo(without.logSettings());
    assertThat(withSample.logSettings()).isEqualTo(LogSettings.defaults());
    assertThat(ConfigFileReader.read(ConfigFileReaderTest.SAMPLE).dbPath())
        .isEqualTo(Path.of(".mongolake"));
  }
}
