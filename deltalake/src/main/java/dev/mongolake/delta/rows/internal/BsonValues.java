package dev.mongolake.delta.rows.internal;

import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.rows.TableRow;
import dev.mongolake.delta.variant.BsonVariantCodec;
import dev.mongolake.delta.variant.EncodedVariant;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/** Table row values as BSON, as {@link TableRow#toDocument()} documents them. */
public final class BsonValues {
  /** Decimal128 holds 34 significant digits; Delta decimals up to 38. */
  private static final MathContext DECIMAL128 = new MathContext(34, RoundingMode.HALF_EVEN);

  private BsonValues() {}

  public static BsonDocument document(TableRow row) {
    BsonDocument document = new BsonDocument();
    List<StructField> fields = row.schema().fields();
    for (int i = 0; i < fields.size(); i++) {
      document.append(fields.get(i).name(), value(row.values().get(i)));
    }
    return document;
  }

  public static BsonValue value(Object value) {
    return switch (value) {
      case null -> BsonNull.VALUE;
      case Byte b -> new BsonInt32(b);
      case Short s -> new BsonInt32(s);
      case Integer i -> new BsonInt32(i);
      case Long l -> new BsonInt64(l);
      case Float f -> new BsonDouble(f);
      case Double d -> new BsonDouble(d);
      case BigDecimal d -> decimal(d);
      case Boolean b -> BsonBoolean.valueOf(b);
      case String s -> new BsonString(s);
      case byte[] bytes -> new BsonBinary(bytes);
      case LocalDate date -> new BsonDateTime(date.toEpochDay() * 86_400_000L);
      case Instant instant -> new BsonDateTime(instant.toEpochMilli());
      case LocalDateTime local -> new BsonDateTime(local.toInstant(ZoneOffset.UTC).toEpochMilli());
      case TableRow struct -> document(struct);
      case List<?> list -> {
        BsonArray array = new BsonArray();
        list.forEach(element -> array.add(value(element)));
        yield array;
      }
      case Map<?, ?> map -> map(map);
      case EncodedVariant variant -> BsonVariantCodec.decodeValue(variant);
      default ->
          throw new IllegalArgumentException(
              "Cannot convert " + value.getClass().getName() + " to BSON");
    };
  }

  /** The Decimal128 of a decimal, rounded to 34 digits when it has more. */
  public static BsonDecimal128 decimal(BigDecimal value) {
    BigDecimal fitted = value.precision() > 34 ? value.round(DECIMAL128) : value;
    return new BsonDecimal128(new Decimal128(fitted));
  }

  private static BsonValue map(Map<?, ?> map) {
    if (map.keySet().stream().allMatch(k -> k instanceof String)) {
      BsonDocument document = new BsonDocument();
      map.forEach((k, v) -> document.append((String) k, value(v)));
      return document;
    }
    BsonArray entries = new BsonArray();
    map.forEach((k, v) -> entries.add(new BsonDocument("key", value(k)).append("value", value(v))));
    return entries;
  }
}
