package dev.mongolake.delta.parquet.internal;

import dev.mongolake.delta.parquet.IdEncoding;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * Turns a document file's {@code _id} column back into the {@code _id}, for each {@link
 * IdEncoding}. A {@link IdEncoding#KEY} column is decoded only when the file says its keys decode
 * exactly; otherwise the sink receives null and the {@code _id} must come from the document.
 */
public final class IdValueConverter extends PrimitiveConverter {
  private final IdEncoding encoding;
  private final boolean decodeKeys;
  private final BsonType keyNumbers;
  private final Consumer<BsonValue> sink;

  /**
   * @param decodeKeys whether {@link IdEncoding#KEY} values decode exactly
   * @param keyNumbers the BSON type of the numeric keys, when they decode
   */
  public IdValueConverter(
      IdEncoding encoding, boolean decodeKeys, BsonType keyNumbers, Consumer<BsonValue> sink) {
    this.encoding = encoding;
    this.decodeKeys = decodeKeys;
    this.keyNumbers = keyNumbers;
    this.sink = sink;
  }

  @Override
  public void addBinary(Binary binary) {
    sink.accept(
        switch (encoding) {
          case OBJECT_ID -> new BsonObjectId(new ObjectId(binary.toStringUsingUTF8()));
          case STRING -> new BsonString(binary.toStringUsingUTF8());
          case KEY -> decodeKeys ? SortableIdKey.decode(binary.getBytes(), keyNumbers) : null;
          default -> null;
        });
  }

  @Override
  public void addInt(int value) {
    sink.accept(new BsonInt32(value));
  }

  @Override
  public void addLong(long value) {
    sink.accept(new BsonInt64(value));
  }
}
