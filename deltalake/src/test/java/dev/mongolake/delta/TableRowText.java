package dev.mongolake.delta;

import dev.mongolake.delta.rows.TableRow;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A {@link TableRow} as {@link RowText}, to compare with delta-kernel's rows. */
final class TableRowText {
  private TableRowText() {}

  static String of(TableRow row) {
    List<String> fields = new ArrayList<>();
    for (Object value : row.values()) {
      fields.add(value(value));
    }
    return RowText.struct(fields);
  }

  private static String value(Object value) {
    return switch (value) {
      case null -> RowText.NULL;
      case Byte b -> RowText.integral(b);
      case Short s -> RowText.integral(s);
      case Integer i -> RowText.integral(i);
      case Long l -> RowText.integral(l);
      case Float f -> RowText.floating(f);
      case Double d -> RowText.floating(d);
      case BigDecimal d -> RowText.decimal(d);
      case Boolean b -> RowText.bool(b);
      case String s -> RowText.string(s);
      case byte[] bytes -> RowText.binary(bytes);
      case LocalDate date -> RowText.date((int) date.toEpochDay());
      case Instant instant -> RowText.timestamp(ChronoUnit.MICROS.between(Instant.EPOCH, instant));
      case LocalDateTime local ->
          RowText.timestamp(
              ChronoUnit.MICROS.between(Instant.EPOCH, local.toInstant(ZoneOffset.UTC)));
      case TableRow struct -> of(struct);
      case List<?> list -> RowText.array(list.stream().map(TableRowText::value).toList());
      case Map<?, ?> map -> {
        List<String> entries = new ArrayList<>();
        map.forEach((k, v) -> entries.add(value(k) + "=" + value(v)));
        yield RowText.map(entries);
      }
      default -> throw new IllegalArgumentException("Cannot render " + value.getClass());
    };
  }
}
