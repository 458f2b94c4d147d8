package dev.mongolake.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.mongolake.delta.rows.TableRow;
import dev.mongolake.delta.variant.BsonVariantCodec;
import dev.mongolake.delta.variant.EncodedVariant;
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
import org.bson.BsonValue;

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
      case EncodedVariant variant -> "variant:" + json(BsonVariantCodec.decodeValue(variant));
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

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A decoded Variant value as the compact JSON Spark prints for it. */
  private static String json(BsonValue value) {
    try {
      return JSON.writeValueAsString(node(value));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode node(BsonValue value) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    return switch (value.getBsonType()) {
      case NULL -> nodes.nullNode();
      case BOOLEAN -> nodes.booleanNode(value.asBoolean().getValue());
      case INT32 -> nodes.numberNode(value.asInt32().getValue());
      case INT64 -> nodes.numberNode(value.asInt64().getValue());
      case DOUBLE -> nodes.numberNode(value.asDouble().getValue());
      case DECIMAL128 -> nodes.numberNode(value.asDecimal128().getValue().bigDecimalValue());
      case STRING -> nodes.textNode(value.asString().getValue());
      case ARRAY -> {
        var array = nodes.arrayNode();
        value.asArray().forEach(element -> array.add(node(element)));
        yield array;
      }
      case DOCUMENT -> {
        var object = nodes.objectNode();
        value.asDocument().forEach((key, field) -> object.set(key, node(field)));
        yield object;
      }
      default ->
          throw new IllegalArgumentException("Cannot render a Variant " + value.getBsonType());
    };
  }
}
