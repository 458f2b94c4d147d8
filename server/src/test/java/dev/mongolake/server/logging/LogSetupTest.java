package dev.mongolake.server.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The settings of --log-level, --log-format and --log-path reach logback. */
class LogSetupTest {

  @TempDir Path dir;

  private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();

  @AfterEach
  void backToLogbackXml() {
    LogSetup.reset();
  }

  private Level level(String logger) {
    return context.getLogger(logger).getEffectiveLevel();
  }

  @Test
  void logbackXmlLogsInfoAndQuietsTheDriverAndParquet() {
    assertThat(level(Logger.ROOT_LOGGER_NAME)).isEqualTo(Level.INFO);
    assertThat(level("org.mongodb.driver.connection")).isEqualTo(Level.WARN);
    assertThat(level("org.apache.parquet.hadoop")).isEqualTo(Level.WARN);
  }

  @Test
  void aVerboseLevelLeavesTheQuietLoggersQuiet() {
    LogSetup.apply(new LogSettings(LogLevel.TRACE, LogFormat.TEXT, null));

    assertThat(level("dev.mongolake.server.net.LoopConnection")).isEqualTo(Level.TRACE);
    assertThat(level("org.mongodb.driver.connection")).isEqualTo(Level.WARN);
  }

  @Test
  void aSevereLevelAlsoHoldsBackTheQuietLoggers() {
    LogSetup.apply(new LogSettings(LogLevel.ERROR, LogFormat.TEXT, null));

    assertThat(level("dev.mongolake.server.net.LoopConnection")).isEqualTo(Level.ERROR);
    assertThat(level("org.mongodb.driver.connection")).isEqualTo(Level.ERROR);
  }

  @Test
  void logPathAppendsJsonLinesToTheFile() throws IOException {
    Path file = dir.resolve("mongolake.log");
    Files.writeString(file, "{\"earlier\":true}\n");

    LogSetup.apply(new LogSettings(LogLevel.DEBUG, LogFormat.JSON, file));
    LoggerFactory.getLogger("dev.mongolake.server.cli.DevCommand").debug("Started on {}", 27017);
    LoggerFactory.getLogger("dev.mongolake.server.cli.DevCommand").trace("not written");
    LogSetup.reset();

    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(2);
    assertThat(lines.getFirst()).isEqualTo("{\"earlier\":true}");
    var line = new ObjectMapper().readTree(lines.get(1));
    assertThat(line.path("s").asText()).isEqualTo("D1");
    assertThat(line.path("c").asText()).isEqualTo("CONTROL");
    assertThat(line.path("msg").asText()).isEqualTo("Started on 27017");
  }

  @Test
  void logPathInAMissingFolderIsRefusedWithTheReason() {
    Path file = dir.resolve("no-such-folder").resolve("mongolake.log");

    assertThatThrownBy(() -> LogSetup.apply(new LogSettings(LogLevel.INFO, LogFormat.TEXT, file)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot log to " + file.toAbsolutePath() + ": its folder does not exist");
    assertThat(level(Logger.ROOT_LOGGER_NAME)).isEqualTo(Level.INFO);
  }
}
