package dev.mongolake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.server.logging.LogFormat;
import dev.mongolake.server.logging.LogLevel;
import dev.mongolake.server.net.ConnectionThreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The config file is read in mongod.conf's shape, and nothing in it is accepted and ignored. */
class ConfigFileReaderTest {

  /** The sample the distribution ships (the tests run in the module's folder). */
  static final Path SAMPLE = Path.of("src/dist/conf/mongolake.conf");

  @TempDir Path dir;

  private Path file(String yaml) throws IOException {
    Path file = dir.resolve("mongolake.conf");
    Files.writeString(file, yaml);
    return file;
  }

  private String refusal(String yaml) throws IOException {
    Path file = file(yaml);
    return "Cannot read config file " + file.toAbsolutePath().normalize() + ": ";
  }

  @Test
  void theSampleConfigFileIsAcceptedAndHoldsTheDefaults() {
    ConfigFile sample = ConfigFileReader.read(SAMPLE);

    assertThat(sample)
        .isEqualTo(
            new ConfigFile(
                27017,
                "127.0.0.1",
                3000,
                null,
                null,
                ConnectionThreads.EVENT_LOOP,
                Path.of(".mongolake"),
                null,
                Durability.BATCH,
                false,
                LogLevel.INFO,
                LogFormat.TEXT,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null));
  }

  @Test
  void everyKeyIsRead() throws IOException {
    ConfigFile read =
        ConfigFileReader.read(
            file(
                """
                net:
                  port: 27018
                  bindIp: 0.0.0.0
                  connectionThreads: virtual
                  http:
                    port: -1
                  tls:
                    certificateFile: /etc/ml/server.crt
                    keyFile: /etc/ml/server.key
                storage:
                  dbPath: /var/lib/mongolake
                  tables: s3://bucket/prefix
                  durability: strict
                  icebergMetadata: true
                  deletionVectors: true
                  autoPromote: 0.9
                  changeDataFeed: true
                  vacuumRetentionHours: 24
                security:
                  authorization: enabled
                systemLog:
                  level: debug
                  format: json
                  path: /var/log/mongolake.log
                replication:
                  replSetName: rs0
                  advertiseHost: db.example.com:27018
                setParameter:
                  localLogicalSessionTimeoutMinutes: 5
                  minSnapshotHistoryWindowInSeconds: 600
                  transactionLifetimeLimitSeconds: 30
                """));

    assertThat(read)
        .isEqualTo(
            new ConfigFile(
                27018,
                "0.0.0.0",
                -1,
                Path.of("/etc/ml/server.crt"),
                Path.of("/etc/ml/server.key"),
                ConnectionThreads.VIRTUAL,
                Path.of("/var/lib/mongolake"),
                "s3://bucket/prefix",
                Durability.STRICT,
                true,
                LogLevel.DEBUG,
                LogFormat.JSON,
                Path.of("/var/log/mongolake.log"),
                "rs0",
                "db.example.com:27018",
                5,
                true,
                true,
                AutoPromote.atThreshold(0.9),
                true,
                24,
                600,
                30));
  }

  @Test
  void anEmptyFileGivesNoSettings() throws IOException {
    assertThat(ConfigFileReader.read(file("# nothing yet\n")))
        .isEqualTo(
            new ConfigFile(
                null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null));
  }

  @Test
  void unknownConfigKeyIsRefusedByName() throws IOException {
    String refusal = refusal("net:\n  prot: 27017\n");

    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageStartingWith(refusal + "unknown key net.prot (the keys MongoLake reads are")
        .hasMessageContaining("net.port");
  }

  @Test
  void anUnknownSectionIsRefusedByItsWholeKey() throws IOException {
    String refusal = refusal("metrics:\n  enabled: true\n");

    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessageStartingWith(refusal + "unknown key metrics.enabled");
  }

  @Test
  void mongoDbSettingsMongoLakeLacksAreRefusedAsNotSupported() throws IOException {
    String refusal = refusal("replication:\n  oplogSizeMB: 990\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(
            refusal + "replication.oplogSizeMB is a MongoDB setting MongoLake does not support");

    refusal = refusal("storage:\n  dbPath: /data\n  engine: wiredTiger\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(
            refusal
                + "storage.engine is a MongoDB setting MongoLake does not support (collections"
                + " are Delta Lake tables)");

    refusal = refusal("net:\n  maxIncomingConnections: 5000\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessageStartingWith(
            refusal + "net.maxIncomingConnections is a MongoDB setting MongoLake does not support");

    refusal = refusal("net:\n  tls:\n    mode: requireTLS\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(refusal + "net.tls.mode is a MongoDB setting MongoLake does not support");

    refusal = refusal("systemLog:\n  destination: file\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessageStartingWith(
            refusal + "systemLog.destination is a MongoDB setting MongoLake does not support");
  }

  @Test
  void aValueOfTheWrongTypeIsRefusedNamingTheKey() throws IOException {
    String refusal = refusal("net:\n  port: \"27017\"\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .isInstanceOf(ConfigFileException.class)
        .hasMessage(refusal + "net.port must be an integer from 0 to 65535, not '27017'");

    refusal = refusal("net:\n  port: 70000\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(refusal + "net.port must be an integer from 0 to 65535, not 70000");

    refusal = refusal("security:\n  authorization: true\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(refusal + "security.authorization must be enabled or disabled, not true");

    refusal = refusal("storage:\n  durability: fast\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(refusal + "storage.durability must be strict, batch or async, not 'fast'");

    refusal = refusal("storage:\n  dbPath:\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(refusal + "storage.dbPath must be a string, not empty");

    refusal = refusal("net: 27017\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(refusal + "net must be a section of settings, not 27017");

    refusal = refusal("net:\n  port:\n    value: 1\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(refusal + "net.port must be an integer from 0 to 65535, not a section");
  }

  @Test
  void aDuplicateKeyIsRefused() throws IOException {
    String refusal = refusal("net:\n  port: 1\n  port: 2\n");

    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessageStartingWith(refusal + "line 3: ")
        .hasMessageContaining("port");
  }

  @Test
  void aMissingFileIsRefused() {
    Path missing = dir.resolve("missing.conf");

    assertThatThrownBy(() -> ConfigFileReader.read(missing))
        .hasMessage("Cannot read config file " + missing + ": no such file");
  }

  @Test
  void severalBindAddressesAreRefused() throws IOException {
    String refusal = refusal("net:\n  bindIp: 127.0.0.1,10.0.0.5\n");

    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(
            refusal
                + "net.bindIp lists several addresses ('127.0.0.1,10.0.0.5'): MongoLake listens on"
                + " one");
  }

  @Test
  void mongodVerbosityGivesTheLogLevel() throws IOException {
    assertThat(ConfigFileReader.read(file("systemLog:\n  verbosity: 0\n")).logLevel())
        .isEqualTo(LogLevel.INFO);
    assertThat(ConfigFileReader.read(file("systemLog:\n  verbosity: 1\n")).logLevel())
        .isEqualTo(LogLevel.DEBUG);
    assertThat(ConfigFileReader.read(file("systemLog:\n  verbosity: 3\n")).logLevel())
        .isEqualTo(LogLevel.TRACE);

    String refusal = refusal("systemLog:\n  verbosity: 1\n  level: warn\n");
    assertThatThrownBy(() -> ConfigFileReader.read(dir.resolve("mongolake.conf")))
        .hasMessage(
            refusal + "systemLog.level and systemLog.verbosity both set the log level: give one");
  }
}
