package dev.mongolake.server.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.encoder.EncoderBase;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.slf4j.event.KeyValuePair;

/**
 * Writes each event as MongoDB's structured log line (MongoDB 4.4+), one JSON object per line:
 *
 * <pre>{@code
 * {"t":{"$date":"2026-12-01T15:16:17.180+00:00"},"s":"I","c":"NETWORK","id":2088206048,
 *  "ctx":"mongolake-loop-1","msg":"Connections: 3 open, 12 accepted since start",
 *  "attr":{"connectionCount":3,"acceptedSinceStart":12}}
 * }</pre>
 *
 * <ul>
 *   <li>{@code t}: the time in the encoder's zone (the system's unless {@link #setZone} says).
 *   <li>{@code s}: {@code E}, {@code W}, {@code I}, {@code D1} (DEBUG), {@code D2} (TRACE); SLF4J
 *       has no FATAL, so {@code F} never appears.
 *   <li>{@code c}: the component of the logger's package ({@link LogComponents}).
 *   <li>{@code id}: {@link String#hashCode()} of the message template (the SLF4J pattern before its
 *       {@code {}} are filled), made non-negative: the same for every line of one message, across
 *       runs and versions, for as long as its wording stays.
 *   <li>{@code ctx}: the thread's name.
 *   <li>{@code msg}: the formatted message.
 *   <li>{@code attr}: only when there is something to put there: the event's SLF4J key-value pairs
 *       (numbers and booleans as JSON numbers and booleans, anything else as its string) and, when
 *       the event carries an exception, {@code error}: {@code {"type", "errmsg", "stack"}}.
 * </ul>
 *
 * <p>Jackson does the escaping, so a message with quotes or line breaks stays one valid line.
 */
public final class JsonLogEncoder extends EncoderBase<ILoggingEvent> {

  private static final JsonFactory JSON = new JsonFactory();
  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSxxx");

  private ZoneId zone = ZoneId.systemDefault();

  /** The zone of {@code t}, such as {@code UTC} (a logback.xml property). */
  public void setZone(String zoneId) {
    this.zone = ZoneId.of(zoneId);
  }

  @Override
  public byte[] headerBytes() {
    return null;
  }

  @Override
  public byte[] footerBytes() {
    return null;
  }

  @Override
  public byte[] encode(ILoggingEvent event) {
    ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    try (JsonGenerator json = JSON.createGenerator(line)) {
      json.writeStartObject();
      json.writeObjectFieldStart("t");
      json.writeStringField("$date", DATE.format(event.getInstant().atZone(zone)));
      json.writeEndObject();
      json.writeStringField("s", severity(event.getLevel()));
      json.writeStringField("c", LogComponents.of(event.getLoggerName()));
      json.writeNumberField("id", id(event.getMessage()));
      json.writeStringField("ctx", event.getThreadName());
      json.writeStringField("msg", event.getFormattedMessage());
      writeAttributes(json, event.getKeyValuePairs(), event.getThrowableProxy());
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    line.write('\n');
    return line.toByteArray();
  }

  /** The {@code id} of a message template. */
  static int id(String template) {
    return (template == null ? "" : template).hashCode() & Integer.MAX_VALUE;
  }

  static String severity(Level level) {
    return switch (level.toInt()) {
      case Level.ERROR_INT -> "E";
      case Level.WARN_INT -> "W";
      case Level.INFO_INT -> "I";
      case Level.DEBUG_INT -> "D1";
      default -> "D2";
    };
  }

  private static void writeAttributes(
      JsonGenerator json, List<KeyValuePair> pairs, IThrowableProxy error) throws IOException {
    boolean hasPairs = pairs != null && !pairs.isEmpty();
    if (!hasPairs && error == null) {
      return;
    }
    json.writeObjectFieldStart("attr");
    if (hasPairs) {
      for (KeyValuePair pair : pairs) {
        if (error != null && "error".equals(pair.key)) {
          continue; // the exception's own entry below
        }
        json.writeFieldName(String.valueOf(pair.key));
        writeValue(json, pair.value);
      }
    }
    if (error != null) {
      json.writeObjectFieldStart("error");
      json.writeStringField("type", error.getClassName());
      json.writeStringField("errmsg", error.getMessage());
      json.writeStringField("stack", ThrowableProxyUtil.asString(error));
      json.writeEndObject();
    }
    json.writeEndObject();
  }

  private static void writeValue(JsonGenerator json, Object value) throws IOException {
    switch (value) {
      case null -> json.writeNull();
      case Boolean b -> json.writeBoolean(b);
      case Integer i -> json.writeNumber(i);
      case Long l -> json.writeNumber(l);
      case Short s -> json.writeNumber(s);
      case Byte b -> json.writeNumber(b);
      case BigInteger i -> json.writeNumber(i);
      case BigDecimal d -> json.writeNumber(d);
      case Double d when Double.isFinite(d) -> json.writeNumber(d);
      case Float f when Float.isFinite(f) -> json.writeNumber(f);
      default -> json.writeString(String.valueOf(value));
    }
  }
}
