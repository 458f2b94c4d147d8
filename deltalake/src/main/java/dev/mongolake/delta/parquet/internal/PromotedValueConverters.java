package dev.mongolake.delta.parquet.internal;

import java.util.function.Consumer;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/** Converts promoted Parquet columns (scalars, nested groups, LISTs) back to BSON values. */
final class PromotedValueConverters {
  private PromotedValueConverters() {}

  static Converter forType(Type type, Consumer<BsonValue> sink) {
    if (type.isPrimitive()) {
      return scalar(type.asPrimitiveType(), sink);
    }
    GroupType group = type.asGroupType();
    if (group.getLogicalTypeAnnotation()
        instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      return new ListConverter(group, sink);
    }
    return new DocumentConverter(group, sink);
  }

  private static Converter scalar(PrimitiveType type, Consumer<BsonValue> sink) {
    boolean timestamp =
        type.getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
    return new PrimitiveConverter() {
      @Override
      public void addBinary(Binary value) {
        sink.accept(new BsonString(value.toStringUsingUTF8()));
      }

      @Override
      public void addInt(int value) {
        sink.accept(new BsonInt32(value));
      }

      @Override
      public void addLong(long value) {
        sink.accept(
            timestamp ? new BsonDateTime(Math.floorDiv(value, 1000L)) : new BsonInt64(value));
      }

      @Override
      public void addDouble(double value) {
        sink.accept(new BsonDouble(value));
      }

      @Override
      public void addBoolean(boolean value) {
        sink.accept(BsonBoolean.valueOf(value));
      }
    };
  }

  private static final class DocumentConverter extends GroupConverter {
    private final Consumer<BsonValue> sink;
    private final Converter[] children;
    private BsonDocument document;

    DocumentConverter(GroupType group, Consumer<BsonValue> sink) {
      this.sink = sink;
      this.children = new Converter[group.getFieldCount()];
      for (int i = 0; i < children.length; i++) {
        String name = group.getFieldName(i);
        children[i] = forType(group.getType(i), value -> document.put(name, value));
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return children[fieldIndex];
    }

    @Override
    public void start() {
      document = new BsonDocument();
    }

    @Override
    public void end() {
      sink.accept(document);
    }
  }

  /** The standard 3-level LIST: {@code group (LIST) { repeated group list { element; } }}. */
  private static final class ListConverter extends GroupConverter {
    private final Consumer<BsonValue> sink;
    private final GroupConverter repeated;
    private BsonArray array;

    ListConverter(GroupType list, Consumer<BsonValue> sink) {
      this.sink = sink;
      GroupType repeatedType = list.getType(0).asGroupType();
      Converter element = forType(repeatedType.getType(0), value -> array.add(value));
      this.repeated =
          new GroupConverter() {
            @Override
            public Converter getConverter(int fieldIndex) {
              return element;
            }

            @Override
            public void start() {}

            @Override
            public void end() {}
          };
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override
    public void start() {
      array = new BsonArray();
    }

    @Override
    public void end() {
      sink.accept(array);
    }
  }
}
