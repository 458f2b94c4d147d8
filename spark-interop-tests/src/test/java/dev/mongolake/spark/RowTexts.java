package dev.mongolake.spark;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.mongolake.delta.rows.TableRow;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A {@link TableRow} as the column texts the Spark program writes for Spark's rows (see its class
 * comment), so that both readers' rows compare as strings.
 */
final class RowTexts {
  private RowTexts() {}

  /** The row as {@code {text,text,...}}. */
  static String row(TableRow row) {
    return row(row.values().stream().map(RowTexts::value).toList());
  }

  /** Column texts joined as a row. */
  static String row(List<String> columns) {
    return "{" + String.join(",", columns) + "}";
  }

  private static String value(Object value) {
    return switch (value) {
      case null -> "null";
      case Byte b -> b.toString();
      case Short s -> s.toString();
      case Integer i -> i.toString();
      case Long l -> l.toString();
      case Boolean b -> b.toString();
      case Float f -> "f" + f;
      case Double d -> "d" + d;
      case BigDecimal d -> "n" + d.toPlainString();
      case String s -> new TextNode(s).toString();
      case byte[] bytes -> "0x" + HexFormat.of().formatHex(bytes);
      case LocalDate date -> "date:" + date.toEpochDay();
      case Instant instant -> "ts:" + ChronoUnit.MICROS.between(Instant.EPOCH, instant);
      case LocalDateTime local ->
          "ts:" + ChronoUnit.MICROS.between(Instant.EPOCH, local.toInstant(ZoneOffset.UTC));
      case TableRow struct -> row(struct);
      case List<?> list ->
          "[" + String.join(",", list.stream().map(RowTexts::value).toList()) + "]";
      case Map<?, ?> map -> {
        List<String> entries = new ArrayList<>();
        map.forEach((k, v) -> entries.add(value(k) + "=" + value(v)));
        entries.sort(null);
        yield "<" + String.join(",", entries) + ">";
      }
      default -> throw new IllegalArgumentException("Cannot render a " + value.getClass());
    };
  }
}
