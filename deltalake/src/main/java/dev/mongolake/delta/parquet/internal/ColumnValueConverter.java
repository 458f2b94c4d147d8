package dev.mongolake.delta.parquet.internal;

import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * One scalar promoted column's value as BSON, as {@link PromotedValueConverters} reads it, holding
 * the last value written to it. Dictionary-encoded pages convert each dictionary entry once, so a
 * string column of few distinct values costs one lookup per row; rows of one entry share its value
 * instance.
 */
public final class ColumnValueConverter extends PrimitiveConverter {
  private final boolean timestamp;
  private final PrimitiveType.PrimitiveTypeName physical;
  private Dictionary dictionary;
  private BsonValue[] entries;
  private BsonValue value;

  public ColumnValueConverter(PrimitiveType type) {
    this.timestamp =
        type.getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
    this.physical = type.getPrimitiveTypeName();
  }

  /** The value last written. */
  public BsonValue value() {
    return value;
  }

  @Override
  public boolean hasDictionarySupport() {
    return true;
  }

  @Override
  public void setDictionary(Dictionary dictionary) {
    this.dictionary = dictionary;
    this.entries = new BsonValue[dictionary.getMaxId() + 1];
  }

  @Override
  public void addValueFromDictionary(int id) {
    BsonValue entry = entries[id];
    if (entry == null) {
      entry = decode(id);
      entries[id] = entry;
    }
    value = entry;
  }

  private BsonValue decode(int id) {
    return switch (physical) {
      case INT32 -> new BsonInt32(dictionary.decodeToInt(id));
      case INT64 -> longValue(dictionary.decodeToLong(id));
      case DOUBLE -> new BsonDouble(dictionary.decodeToDouble(id));
      case BOOLEAN -> BsonBoolean.valueOf(dictionary.decodeToBoolean(id));
      default -> new BsonString(dictionary.decodeToBinary(id).toStringUsingUTF8());
    };
  }

  private BsonValue longValue(long stored) {
    return timestamp ? new BsonDateTime(Math.floorDiv(stored, 1000L)) : new BsonInt64(stored);
  }

  @Override
  public void addBinary(Binary binary) {
    value = new BsonString(binary.toStringUsingUTF8());
  }

  @Override
  public void addInt(int stored) {
    value = new BsonInt32(stored);
  }

  @Override
  public void addLong(long stored) {
    value = longValue(stored);
  }

  @Override
  public void addDouble(double stored) {
    value = new BsonDouble(stored);
  }

  @Override
  public void addBoolean(boolean stored) {
    value = BsonBoolean.valueOf(stored);
  }
}
