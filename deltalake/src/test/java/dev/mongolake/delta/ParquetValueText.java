package dev.mongolake.delta;

import dev.mongolake.delta.log.schema.ArrayType;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.MapType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.Type;

/**
 * One Parquet value (field {@code index}, repetition {@code r} of a {@link Group}) as {@link
 * RowText}, converted to the Delta column type the way Delta readers do: the file's physical
 * encoding (INT96 or INT64 timestamps, int or binary decimals, 2- or 3-level lists) may differ from
 * table to table, and a widened column (integer to long, float to double, a larger decimal scale)
 * reads its older, narrower values.
 */
final class ParquetValueText {
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private ParquetValueText() {}

  static String of(Group group, int index, int r, Type parquet, DataType type, boolean mapped) {
    return switch (type) {
      case StructType struct -> struct(group.getGroup(index, r), struct, mapped);
      case ArrayType array -> array(group, index, r, parquet, array, mapped);
      case MapType map -> map(group.getGroup(index, r), parquet.asGroupType(), map, mapped);
      case DecimalType decimal -> RowText.decimal(decimal(group, index, r, parquet, decimal));
      case PrimitiveType primitive -> primitive(group, index, r, parquet, primitive);
      default -> throw new IllegalArgumentException("Cannot render Delta type " + type);
    };
  }

  private static String struct(Group group, StructType type, boolean mapped) {
    List<String> fields = new ArrayList<>();
    for (StructField field : type.fields()) {
      String name = mapped ? ParquetTableRows.physicalName(field) : field.name();
      int index = ParquetTableRows.fieldIndex(group.getType(), name);
      fields.add(
          index < 0 || group.getFieldRepetitionCount(index) == 0
              ? RowText.NULL
              : of(group, index, 0, group.getType().getType(index), field.type(), mapped));
    }
    return RowText.struct(fields);
  }

  private static String array(
      Group parent, int index, int r, Type parquet, ArrayType type, boolean mapped) {
    List<String> elements = new ArrayList<>();
    if (parquet.isRepetition(Type.Repetition.REPEATED)) {
      // A bare repeated field is a list of required elements (no LIST wrapper).
      for (int j = 0; j < parent.getFieldRepetitionCount(index); j++) {
        elements.add(of(parent, index, j, parquet, type.elementType(), mapped));
      }
      return RowText.array(elements);
    }
    Group list = parent.getGroup(index, r);
    GroupType listType = parquet.asGroupType();
    Type repeated = listType.getType(0);
    boolean twoLevel =
        repeated.isPrimitive()
            || repeated.asGroupType().getFieldCount() > 1
            || repeated.getName().equals("array")
            || repeated.getName().equals(listType.getName() + "_tuple");
    for (int j = 0; j < list.getFieldRepetitionCount(0); j++) {
      if (twoLevel) {
        elements.add(of(list, 0, j, repeated, type.elementType(), mapped));
      } else {
        Group element = list.getGroup(0, j);
        elements.add(
            element.getFieldRepetitionCount(0) == 0
                ? RowText.NULL
                : of(element, 0, 0, repeated.asGroupType().getType(0), type.elementType(), mapped));
      }
    }
    return RowText.array(elements);
  }

  private static String map(Group map, GroupType parquet, MapType type, boolean mapped) {
    List<String> entries = new ArrayList<>();
    GroupType entryType = parquet.getType(0).asGroupType();
    for (int j = 0; j < map.getFieldRepetitionCount(0); j++) {
      Group entry = map.getGroup(0, j);
      String key = of(entry, 0, 0, entryType.getType(0), type.keyType(), mapped);
      String value =
          entryType.getFieldCount() < 2 || entry.getFieldRepetitionCount(1) == 0
              ? RowText.NULL
              : of(entry, 1, 0, entryType.getType(1), type.valueType(), mapped);
      entries.add(key + "=" + value);
    }
    return RowText.map(entries);
  }

  private static BigDecimal decimal(Group group, int index, int r, Type parquet, DecimalType type) {
    int fileScale =
        parquet.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation d
            ? d.getScale()
            : 0;
    BigDecimal value =
        switch (parquet.asPrimitiveType().getPrimitiveTypeName()) {
          case INT32 -> BigDecimal.valueOf(group.getInteger(index, r), fileScale);
          case INT64 -> BigDecimal.valueOf(group.getLong(index, r), fileScale);
          default ->
              new BigDecimal(new BigInteger(group.getBinary(index, r).getBytes()), fileScale);
        };
    return value.setScale(type.scale(), RoundingMode.UNNECESSARY);
  }

  private static String primitive(Group group, int index, int r, Type parquet, PrimitiveType type) {
    var physical = parquet.asPrimitiveType().getPrimitiveTypeName();
    return switch (type.name()) {
      case "string" -> RowText.string(group.getString(index, r));
      case "binary" -> RowText.binary(group.getBinary(index, r).getBytes());
      case "boolean" -> RowText.bool(group.getBoolean(index, r));
      case "long", "integer", "short", "byte" ->
          RowText.integral(
              switch (physical) {
                case INT64 -> group.getLong(index, r);
                default -> group.getInteger(index, r);
              });
      case "float" -> RowText.floating(group.getFloat(index, r));
      case "double" ->
          RowText.floating(
              switch (physical) {
                case FLOAT -> (double) group.getFloat(index, r);
                case INT32 -> (double) group.getInteger(index, r);
                case INT64 -> (double) group.getLong(index, r);
                default -> group.getDouble(index, r);
              });
      case "date" -> RowText.date(group.getInteger(index, r));
      case "timestamp", "timestamp_ntz" -> RowText.timestamp(micros(group, index, r, parquet));
      default -> throw new IllegalArgumentException("Cannot render Delta type " + type.name());
    };
  }

  private static long micros(Group group, int index, int r, Type parquet) {
    switch (parquet.asPrimitiveType().getPrimitiveTypeName()) {
      case INT96 -> {
        // Spark's legacy timestamps: nanoseconds of the day, then the Julian day, little-endian.
        ByteBuffer bytes =
            ByteBuffer.wrap(group.getInt96(index, r).getBytes()).order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = bytes.getLong();
        long julianDay = bytes.getInt();
        return (julianDay - JULIAN_DAY_OF_EPOCH) * MICROS_PER_DAY + nanosOfDay / 1000;
      }
      case INT32 -> {
        // A date widened to timestamp_ntz.
        return group.getInteger(index, r) * MICROS_PER_DAY;
      }
      default -> {
        long value = group.getLong(index, r);
        LogicalTypeAnnotation logical = parquet.getLogicalTypeAnnotation();
        if (logical instanceof TimestampLogicalTypeAnnotation t) {
          return switch (t.getUnit()) {
            case MILLIS -> value * 1000;
            case MICROS -> value;
            case NANOS -> Math.floorDiv(value, 1000);
          };
        }
        return parquet.getOriginalType() == OriginalType.TIMESTAMP_MILLIS ? value * 1000 : value;
      }
    }
  }
}
