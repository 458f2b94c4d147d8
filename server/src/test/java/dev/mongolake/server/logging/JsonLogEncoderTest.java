package dev.mongolake.server.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.OutputStreamAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/** Lines logged through SLF4J come out as MongoDB's structured log, one JSON object per line. */
class JsonLogEncoderTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  // A context of its own: the test neither depends on nor disturbs the server's logging.
  private final LoggerContext context = new LoggerContext();
  private final ByteArrayOutputStream written = new ByteArrayOutputStream();

  JsonLogEncoderTest() {
    context.setMDCAdapter(new LogbackMDCAdapter());
    JsonLogEncoder encoder = new JsonLogEncoder();
    encoder.setZone("UTC");
    encoder.setContext(context);
    encoder.start();
    OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
    appender.setContext(context);
    appender.setEncoder(encoder);
    appender.setOutputStream(written);
    appender.start();
    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.addAppender(appender);
    root.setLevel(ch.qos.logback.classic.Level.TRACE);
  }

  @AfterEach
  void stop() {
    context.stop();
  }

  private List<JsonNode> lines() throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    String text = written.toString(StandardCharsets.UTF_8);
    assertThat(text).endsWith("\n");
    for (String line : text.split("\n")) {
      lines.add(JSON.readTree(line));
    }
    return lines;
  }

  @Test
  void jsonLogLinesParseAsMongoDbStructuredLog() throws IOException {
    Logger log = context.getLogger("dev.mongolake.server.net.WireServer");
    Thread.currentThread().setName("conn-test");

    log.atInfo()
        .addKeyValue("connectionCount", 3)
        .addKeyValue("remote", "127.0.0.1:50000")
        .addKeyValue("tls", false)
        .log("Connections: {} open", 3);

    List<JsonNode> lines = lines();
    assertThat(lines).hasSize(1);
    JsonNode line = lines.getFirst();
    assertThat(line.fieldNames())
        .toIterable()
        .containsExactly("t", "s", "c", "id", "ctx", "msg", "attr");
    assertThat(line.path("t").path("$date").asText())
        .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\+00:00");
    assertThat(line.path("s").asText()).isEqualTo("I");
    assertThat(line.path("c").asText()).isEqualTo("NETWORK");
    assertThat(line.path("id").isInt()).isTrue();
    assertThat(line.path("id").asInt())
        .isEqualTo("Connections: {} open".hashCode() & Integer.MAX_VALUE)
        .isNotNegative();
    assertThat(line.path("ctx").asText()).isEqualTo("conn-test");
    assertThat(line.path("msg").asText()).isEqualTo("Connections: 3 open");
    assertThat(line.path("attr").path("connectionCount").isInt()).isTrue();
    assertThat(line.path("attr").path("connectionCount").asInt()).isEqualTo(3);
    assertThat(line.path("attr").path("remote").asText()).isEqualTo("127.0.0.1:50000");
    assertThat(line.path("attr").path("tls").isBoolean()).isTrue();
  }

  @Test
  void severitiesAreMongoDbs() throws IOException {
    Logger log = context.getLogger("dev.mongolake.server.cli.DevCommand");

    log.error("e");
    log.warn("w");
    log.info("i");
    log.debug("d");
    log.trace("t");

    assertThat(lines())
        .extracting(line -> line.path("s").asText())
        .containsExactly("E", "W", "I", "D1", "D2");
  }

  @Test
  void aMessageWithQuotesAndNewlinesStaysOneJsonLine() throws IOException {
    Logger log = context.getLogger("dev.mongolake.server.command.CommandDispatcher");
    String nasty = "say \"hi\"\nthen\ttab \\ and \u0001 and ünïcode";

    log.warn("Cannot run {}", nasty);

    String text = written.toString(StandardCharsets.UTF_8);
    assertThat(text.split("\n", -1)).hasSize(2); // one line, then the end after its newline
    JsonNode line = lines().getFirst();
    assertThat(line.path("msg").asText()).isEqualTo("Cannot run " + nasty);
    assertThat(line.path("c").asText()).isEqualTo("COMMAND");
    assertThat(line.has("attr")).isFalse();
  }

  @Test
  void anExceptionIsTheErrorAttribute() throws IOException {
    Logger log = context.getLogger("dev.mongolake.internal.engine.BackgroundFlusher");

    log.error(
        "Background flush failed",
        new IllegalStateException("disk \"full\"", new java.io.IOException("No space")));

    List<JsonNode> lines = lines();
    assertThat(lines).hasSize(1);
    JsonNode error = lines.getFirst().path("attr").path("error");
    assertThat(lines.getFirst().path("c").asText()).isEqualTo("STORAGE");
    assertThat(error.path("type").asText()).isEqualTo("java.lang.IllegalStateException");
    assertThat(error.path("errmsg").asText()).isEqualTo("disk \"full\"");
    assertThat(error.path("stack").asText())
        .contains("java.lang.IllegalStateException: disk \"full\"")
        .contains("at dev.mongolake.server.logging.JsonLogEncoderTest")
        .contains("Caused by: java.io.IOException: No space");
  }

  @Test
  void componentsFollowTheLoggersPackage() {
    assertThat(LogComponents.of("dev.mongolake.server.net.LoopConnection")).isEqualTo("NETWORK");
    assertThat(LogComponents.of("dev.mongolake.server.wire.MessageFrames")).isEqualTo("NETWORK");
    assertThat(LogComponents.of("dev.mongolake.server.auth.Scram")).isEqualTo("ACCESS");
    assertThat(LogComponents.of("dev.mongolake.server.command.crud.Find")).isEqualTo("COMMAND");
    assertThat(LogComponents.of("dev.mongolake.server.command.index.CreateIndexes"))
        .isEqualTo("INDEX");
    assertThat(LogComponents.of("dev.mongolake.server.rest.RestRouter")).isEqualTo("REST");
    assertThat(LogComponents.of("dev.mongolake.server.cli.ServeCommand")).isEqualTo("CONTROL");
    assertThat(LogComponents.of("dev.mongolake.server.MongoLakeServer")).isEqualTo("CONTROL");
    assertThat(LogComponents.of("dev.mongolake.daktilo.internal.SegmentedLog"))
        .isEqualTo("STORAGE");
    assertThat(LogComponents.of("dev.mongolake.internal.engine.Engine")).isEqualTo("STORAGE");
    assertThat(LogComponents.of("dev.mongolake.internal.engine.Engine.recovery"))
        .isEqualTo("RECOVERY");
    assertThat(LogComponents.of("dev.mongolake.internal.engine.TtlMonitor")).isEqualTo("INDEX");
    assertThat(LogComponents.of("org.apache.parquet.hadoop.ParquetFileReader")).isEqualTo("-");
    assertThat(LogComponents.of(null)).isEqualTo("-");
  }
}
