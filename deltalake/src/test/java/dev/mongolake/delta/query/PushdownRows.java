package dev.mongolake.delta.query;

import dev.mongolake.delta.query.ast.FieldPath;
import dev.mongolake.delta.query.ast.PathValues;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.io.api.Binary;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Test model of a writer honouring the {@link PushdownColumn} contract. */
final class PushdownRows {
  private PushdownRows() {}

  static Map<String, Comparable<?>> row(BsonDocument document, Set<PushdownColumn> columns) {
    Map<String, Comparable<?>> row = new HashMap<>();
    for (PushdownColumn column : columns) {
      row.put(column.parquetColumnPath(), cell(document, column));
    }
    return row;
  }

  /** The BSON value a non-null cell stands for. */
  static BsonValue toBson(Comparable<?> cell, ParquetColumnType type) {
    return switch (type) {
      case STRING -> new org.bson.BsonString(((Binary) cell).toStringUsingUTF8());
      case OBJECT_ID_HEX ->
          new org.bson.BsonObjectId(
              new org.bson.types.ObjectId(((Binary) cell).toStringUsingUTF8()));
      case BOOLEAN -> org.bson.BsonBoolean.valueOf((Boolean) cell);
      case TIMESTAMP_MILLIS -> new org.bson.BsonDateTime((Long) cell);
      case TIMESTAMP_MICROS -> new org.bson.BsonDateTime((Long) cell / 1000);
      case INT64 -> new org.bson.BsonInt64((Long) cell);
      case INT32 -> new org.bson.BsonInt32((Integer) cell);
      case DOUBLE -> new org.bson.BsonDouble((Double) cell);
    };
  }

  static Comparable<?> cell(BsonDocument document, PushdownColumn column) {
    PathValues values = FieldPath.of(column.documentPath()).resolve(document);
    if (values.missing() || values.values().size() != 1) {
      return null;
    }
    BsonValue value = values.values().getFirst();
    return switch (column.type()) {
      case STRING -> value.isString() ? Binary.fromString(value.asString().getValue()) : null;
      case BOOLEAN -> value.isBoolean() ? value.asBoolean().getValue() : null;
      case TIMESTAMP_MILLIS -> value.isDateTime() ? value.asDateTime().getValue() : null;
      case TIMESTAMP_MICROS -> value.isDateTime() ? value.asDateTime().getValue() * 1000 : null;
      case INT64 -> exactInteger(value, Long.MIN_VALUE, Long.MAX_VALUE);
      case INT32 -> {
        Long integer = exactInteger(value, Integer.MIN_VALUE, Integer.MAX_VALUE);
        yield integer == null ? null : Math.toIntExact(integer);
      }
      case DOUBLE -> exactDouble(value);
      case OBJECT_ID_HEX ->
          value.isObjectId()
              ? Binary.fromString(value.asObjectId().getValue().toHexString())
              : null;
    };
  }

  private static Long exactInteger(BsonValue value, long min, long max) {
    BigDecimal exact = exact(value);
    if (exact == null) {
      return null;
    }
    try {
      long integer = exact.longValueExact();
      return integer >= min && integer <= max ? integer : null;
    } catch (ArithmeticException notIntegral) {
      return null;
    }
  }

  private static Double exactDouble(BsonValue value) {
    if (value.isDouble()) {
      return value.asDouble().getValue();
    }
    BigDecimal exact = exact(value);
    if (exact == null) {
      return null;
    }
    double d = exact.doubleValue();
    return new BigDecimal(d).compareTo(exact) == 0 ? d : null;
  }

  private static BigDecimal exact(BsonValue value) {
    return switch (value.getBsonType()) {
      case INT32, INT64 -> BigDecimal.valueOf(value.asNumber().longValue());
      case DOUBLE ->
          Double.isFinite(value.asDouble().getValue())
              ? new BigDecimal(value.asDouble().getValue())
              : null;
      case DECIMAL128 ->
          value.asDecimal128().getValue().isFinite()
              ? dev.mongolake.delta.order.NumericComparison.finiteDecimal(
                  value.asDecimal128().getValue())
              : null;
      default -> null;
    };
  }
}
