package dev.mongolake.delta.variant.internal;

import static dev.mongolake.delta.variant.internal.VariantFormat.*;

import dev.mongolake.delta.variant.EncodedVariant;
import dev.mongolake.delta.variant.VariantCodecException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDbPointer;
import org.bson.BsonDocument;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonRegularExpression;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.types.Decimal128;

/**
 * Encodes one BSON document as a Variant. Object values are written in document order while the
 * field id and offset lists are sorted by the keys' UTF-8 bytes, as the spec requires; the spec
 * lets values sit in any order, so reading them back by ascending offset restores the document's
 * field order without storing anything extra. Not thread-safe: use one instance per document.
 */
public final class VariantEncoder {
  private static final long MAX_MILLIS_AS_MICROS = Long.MAX_VALUE / 1000;

  private final VariantKeyDictionary dictionary = new VariantKeyDictionary();
  private byte[] buffer = new byte[256];
  private int position;

  private VariantEncoder() {}

  /**
   * Encodes {@code document} losslessly.
   *
   * @throws VariantCodecException if an object holds the same key twice
   */
  public static EncodedVariant encode(BsonDocument document) {
    VariantEncoder encoder = new VariantEncoder();
    encoder.writeDocument(
        document instanceof RawBsonDocument raw ? StrictBsonReader.read(raw) : document);
    return new EncodedVariant(
        encoder.dictionary.encode(), Arrays.copyOf(encoder.buffer, encoder.position));
  }

  private void writeValue(BsonValue value) {
    switch (value.getBsonType()) {
      case DOUBLE -> writeDouble(value.asDouble().getValue());
      case STRING -> writeString(value.asString().getValue());
      case DOCUMENT -> writeDocument(value.asDocument());
      case ARRAY -> writeArray(value.asArray());
      case BINARY -> writeBinary(value.asBinary());
      case UNDEFINED -> wrap(UNDEFINED, () -> primitiveHeader(TRUE));
      case OBJECT_ID ->
          wrap(OBJECT_ID, () -> writeString(value.asObjectId().getValue().toHexString()));
      case BOOLEAN -> primitiveHeader(value.asBoolean().getValue() ? TRUE : FALSE);
      case DATE_TIME -> writeDateTime(value.asDateTime().getValue());
      case NULL -> primitiveHeader(NULL);
      case REGULAR_EXPRESSION -> writeRegex(value.asRegularExpression());
      case DB_POINTER -> writeDbPointer(value.asDBPointer());
      case JAVASCRIPT -> wrap(JAVASCRIPT, () -> writeString(value.asJavaScript().getCode()));
      case SYMBOL -> wrap(SYMBOL, () -> writeString(value.asSymbol().getSymbol()));
      case JAVASCRIPT_WITH_SCOPE -> writeJavaScriptWithScope(value.asJavaScriptWithScope());
      case INT32 -> writeInt32(value.asInt32().getValue());
      case TIMESTAMP -> writeTimestamp(value.asTimestamp());
      case INT64 -> writeInt64(value.asInt64().getValue());
      case DECIMAL128 -> writeDecimal(value.asDecimal128().getValue());
      case MIN_KEY -> wrap(MIN_KEY, () -> writeInt32(1));
      case MAX_KEY -> wrap(MAX_KEY, () -> writeInt32(1));
      case END_OF_DOCUMENT ->
          throw new VariantCodecException("Cannot encode BSON value: END_OF_DOCUMENT is no value");
    }
  }

  private void writeDocument(BsonDocument document) {
    if (document.size() == 1 && WRAPPER_KEYS.contains(document.getFirstKey())) {
      wrap(ESCAPED_DOCUMENT, () -> writeFields(List.copyOf(document.entrySet())));
    } else {
      writeFields(List.copyOf(document.entrySet()));
    }
  }

  /** A one-field object {key: payload}: how BSON types that Variant lacks are stored. */
  private void wrap(String key, Runnable payload) {
    int start = position;
    int id = dictionary.idOf(key);
    payload.run();
    finishObject(start, new int[] {id}, new int[] {0});
  }

  private void writeFields(List<Map.Entry<String, BsonValue>> fields) {
    int start = position;
    int[] ids = new int[fields.size()];
    int[] offsets = new int[fields.size()];
    for (int i = 0; i < ids.length; i++) {
      Map.Entry<String, BsonValue> field = fields.get(i);
      ids[i] = dictionary.idOf(field.getKey());
      offsets[i] = position - start;
      writeValue(field.getValue());
    }
    finishObject(start, ids, offsets);
  }

  /** Inserts the object header before the values written since {@code start}. */
  private void finishObject(int start, int[] ids, int[] offsets) {
    int count = ids.length;
    int[] order = sortedByKey(ids);
    int maxId = 0;
    for (int i = 0; i < count; i++) {
      maxId = Math.max(maxId, ids[i]);
      if (i > 0 && ids[order[i]] == ids[order[i - 1]]) {
        throw new VariantCodecException(
            "Cannot encode document: duplicate key '"
                + new String(dictionary.utf8(ids[order[i]]), StandardCharsets.UTF_8)
                + "'");
      }
    }
    int dataSize = position - start;
    boolean large = count > 0xFF;
    int idSize = unsignedSize(maxId);
    int offsetSize = unsignedSize(dataSize);
    int headerSize = 1 + (large ? 4 : 1) + count * idSize + (count + 1) * offsetSize;
    shiftRight(start, headerSize);
    int at = start;
    buffer[at++] =
        (byte)
            (BASIC_OBJECT | (((large ? 1 : 0) << 4 | (idSize - 1) << 2 | (offsetSize - 1)) << 2));
    at = putUnsigned(at, count, large ? 4 : 1);
    for (int i = 0; i < count; i++) {
      at = putUnsigned(at, ids[order[i]], idSize);
    }
    for (int i = 0; i < count; i++) {
      at = putUnsigned(at, offsets[order[i]], offsetSize);
    }
    putUnsigned(at, dataSize, offsetSize);
  }

  /**
   * Field indexes in the order of their keys' UTF-8 bytes, as the spec requires. Insertion sort for
   * the usual small objects (no boxing), a general sort for wide ones.
   */
  private int[] sortedByKey(int[] ids) {
    if (ids.length > 64) {
      return java.util.stream.IntStream.range(0, ids.length)
          .boxed()
          .sorted(
              (a, b) -> Arrays.compareUnsigned(dictionary.utf8(ids[a]), dictionary.utf8(ids[b])))
          .mapToInt(Integer::intValue)
          .toArray();
    }
    int[] order = new int[ids.length];
    for (int i = 0; i < order.length; i++) {
      int field = i;
      byte[] key = dictionary.utf8(ids[field]);
      int at = i;
      while (at > 0 && Arrays.compareUnsigned(dictionary.utf8(ids[order[at - 1]]), key) > 0) {
        order[at] = order[at - 1];
        at--;
      }
      order[at] = field;
    }
    return order;
  }

  private void writeArray(BsonArray array) {
    int start = position;
    int count = array.size();
    int[] offsets = new int[count];
    for (int i = 0; i < count; i++) {
      offsets[i] = position - start;
      writeValue(array.get(i));
    }
    int dataSize = position - start;
    boolean large = count > 0xFF;
    int offsetSize = unsignedSize(dataSize);
    int headerSize = 1 + (large ? 4 : 1) + (count + 1) * offsetSize;
    shiftRight(start, headerSize);
    int at = start;
    buffer[at++] = (byte) (BASIC_ARRAY | (((large ? 1 : 0) << 2 | (offsetSize - 1)) << 2));
    at = putUnsigned(at, count, large ? 4 : 1);
    for (int offset : offsets) {
      at = putUnsigned(at, offset, offsetSize);
    }
    putUnsigned(at, dataSize, offsetSize);
  }

  private void writeBinary(BsonBinary binary) {
    byte subtype = binary.getType();
    byte[] data = binary.getData();
    if (subtype == BsonBinarySubType.BINARY.getValue()) {
      writeBytes(data);
    } else if (subtype == BsonBinarySubType.UUID_STANDARD.getValue() && data.length == 16) {
      primitiveHeader(UUID);
      putBytes(data);
    } else {
      wrap(
          BINARY_WITH_SUBTYPE,
          () ->
              writeFields(
                  List.of(
                      Map.entry("bytes", new BsonBinary(data)),
                      Map.entry("subType", new org.bson.BsonInt32(subtype & 0xFF)))));
    }
  }

  private void writeDateTime(long millis) {
    if (millis >= -MAX_MILLIS_AS_MICROS && millis <= MAX_MILLIS_AS_MICROS) {
      primitiveHeader(TIMESTAMP_MICROS);
      putLong(millis * 1000);
    } else {
      wrap(DATE_MILLIS, () -> writeInt64(millis));
    }
  }

  private void writeRegex(BsonRegularExpression regex) {
    wrap(
        REGEX,
        () ->
            writeFields(
                List.of(
                    Map.entry("pattern", new org.bson.BsonString(regex.getPattern())),
                    Map.entry("options", new org.bson.BsonString(regex.getOptions())))));
  }

  private void writeDbPointer(BsonDbPointer pointer) {
    wrap(
        DB_POINTER,
        () ->
            writeFields(
                List.of(
                    Map.entry("$ref", new org.bson.BsonString(pointer.getNamespace())),
                    Map.entry("$id", new org.bson.BsonString(pointer.getId().toHexString())))));
  }

  private void writeJavaScriptWithScope(BsonJavaScriptWithScope code) {
    wrap(
        JAVASCRIPT_WITH_SCOPE,
        () ->
            writeFields(
                List.of(
                    Map.entry("$code", new org.bson.BsonString(code.getCode())),
                    Map.entry("$scope", code.getScope()))));
  }

  private void writeTimestamp(BsonTimestamp timestamp) {
    wrap(
        TIMESTAMP,
        () ->
            writeFields(
                List.of(
                    Map.entry(
                        "t", new org.bson.BsonInt64(Integer.toUnsignedLong(timestamp.getTime()))),
                    Map.entry(
                        "i", new org.bson.BsonInt64(Integer.toUnsignedLong(timestamp.getInc()))))));
  }

  private void writeDecimal(Decimal128 decimal) {
    BigDecimal exact = exactDecimal(decimal);
    if (exact == null) {
      wrap(DECIMAL, () -> writeDecimalWrapperPayload(decimal));
      return;
    }
    BigInteger unscaled = exact.unscaledValue();
    int width = Math.max(exact.precision(), exact.scale());
    if (width <= 9) {
      primitiveHeader(DECIMAL4);
      putByte(exact.scale());
      putInt(unscaled.intValueExact());
    } else if (width <= 18) {
      primitiveHeader(DECIMAL8);
      putByte(exact.scale());
      putLong(unscaled.longValueExact());
    } else {
      primitiveHeader(DECIMAL16);
      putByte(exact.scale());
      byte[] bigEndian = unscaled.toByteArray();
      byte[] little = new byte[16];
      byte sign = (byte) (unscaled.signum() < 0 ? 0xFF : 0);
      Arrays.fill(little, sign);
      for (int i = 0; i < bigEndian.length; i++) {
        little[i] = bigEndian[bigEndian.length - 1 - i];
      }
      putBytes(little);
    }
  }

  /** The value as a Variant decimal can hold it (scale 0..38), or null for the wrapper. */
  private static BigDecimal exactDecimal(Decimal128 decimal) {
    if (decimal.isNaN() || decimal.isInfinite()) {
      return null;
    }
    BigDecimal exact;
    try {
      exact = decimal.bigDecimalValue();
    } catch (ArithmeticException negativeZero) {
      return null;
    }
    boolean fits = exact.scale() >= 0 && exact.scale() <= 38 && exact.precision() <= 38;
    return fits && reencodesExactly(exact, decimal) ? exact : null;
  }

  /**
   * Whether {@code exact} encodes back to {@code decimal}'s bits. A non-canonical encoding (a
   * coefficient above 10^34 - 1) reads as a value Decimal128 cannot hold, and re-encoding it
   * throws: such a value keeps its raw bits.
   */
  private static boolean reencodesExactly(BigDecimal exact, Decimal128 decimal) {
    try {
      return sameBits(new Decimal128(exact), decimal);
    } catch (NumberFormatException | ArithmeticException notRepresentable) {
      return false;
    }
  }

  private static boolean parsesBackExactly(String text, Decimal128 decimal) {
    try {
      return sameBits(Decimal128.parse(text), decimal);
    } catch (NumberFormatException | ArithmeticException notRepresentable) {
      return false;
    }
  }

  /**
   * The string form where it parses back to the same bits (NaN, Infinity, 1E+300), else the 16
   * bytes of the IEEE 754-2008 BID encoding, low word first (negative NaN, non-canonical values).
   */
  private void writeDecimalWrapperPayload(Decimal128 decimal) {
    String text = decimal.toString();
    if (parsesBackExactly(text, decimal)) {
      writeString(text);
    } else {
      ByteBuffer bits = ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      bits.putLong(decimal.getLow()).putLong(decimal.getHigh());
      writeBytes(bits.array());
    }
  }

  private static boolean sameBits(Decimal128 a, Decimal128 b) {
    return a.getHigh() == b.getHigh() && a.getLow() == b.getLow();
  }

  private void writeDouble(double value) {
    primitiveHeader(DOUBLE);
    putLong(Double.doubleToRawLongBits(value));
  }

  private void writeInt32(int value) {
    primitiveHeader(INT32);
    putInt(value);
  }

  private void writeInt64(long value) {
    primitiveHeader(INT64);
    putLong(value);
  }

  private void writeString(String value) {
    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
    if (utf8.length <= MAX_SHORT_STRING) {
      putByte(BASIC_SHORT_STRING | utf8.length << 2);
      putBytes(utf8);
    } else {
      primitiveHeader(STRING);
      putInt(utf8.length);
      putBytes(utf8);
    }
  }

  private void writeBytes(byte[] data) {
    primitiveHeader(BINARY);
    putInt(data.length);
    putBytes(data);
  }

  private void primitiveHeader(int type) {
    putByte(BASIC_PRIMITIVE | type << 2);
  }

  private void putByte(int value) {
    ensure(1);
    buffer[position++] = (byte) value;
  }

  private void putInt(int value) {
    ensure(4);
    position = putUnsigned(position, value, 4);
  }

  private void putLong(long value) {
    ensure(8);
    ByteBuffer.wrap(buffer, position, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(value);
    position += 8;
  }

  private void putBytes(byte[] bytes) {
    ensure(bytes.length);
    System.arraycopy(bytes, 0, buffer, position, bytes.length);
    position += bytes.length;
  }

  private int putUnsigned(int at, int value, int size) {
    for (int i = 0; i < size; i++) {
      buffer[at + i] = (byte) (value >>> (8 * i));
    }
    return at + size;
  }

  private void shiftRight(int start, int by) {
    ensure(by);
    System.arraycopy(buffer, start, buffer, start + by, position - start);
    position += by;
  }

  private void ensure(int more) {
    if (position + more > buffer.length) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + more));
    }
  }
}
