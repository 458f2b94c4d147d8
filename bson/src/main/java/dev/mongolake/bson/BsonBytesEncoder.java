package dev.mongolake.bson;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonRegularExpression;
import org.bson.BsonSerializationException;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.types.Decimal128;

/**
 * Writes {@link BsonDocument} trees as BSON into a growable byte array that can be reset and reused
 * (one per connection, say), so that encoding allocates nothing once the array has grown.
 *
 * <p>The bytes are exactly those of org.bson's {@code BsonDocumentCodec} over a {@code
 * BsonBinaryWriter} with default settings: strings in UTF-8 code point by code point (an unpaired
 * surrogate becomes three bytes, as there), names refused when they hold a NUL, nesting refused
 * past the same depth. A {@link RawBsonDocument} is copied as its bytes. It exists because the
 * codec's generic machinery costs several times the encoding itself on every reply and log record.
 *
 * <p>Not thread-safe.
 */
public final class BsonBytesEncoder {

  /** org.bson's default {@code maxSerializationDepth}. */
  private static final int MAX_DEPTH = 1024;

  private static final String[] INDEXES = new String[1000];

  static {
    for (int i = 0; i < INDEXES.length; i++) {
      INDEXES[i] = Integer.toString(i);
    }
  }

  private byte[] bytes;
  private int size;
  private int depth;

  public BsonBytesEncoder() {
    this(256);
  }

  public BsonBytesEncoder(int initialCapacity) {
    bytes = new byte[Math.max(16, initialCapacity)];
  }

  /** The BSON encoding of one document. */
  public static byte[] encode(BsonDocument document) {
    BsonBytesEncoder encoder = new BsonBytesEncoder();
    encoder.writeDocument(document);
    return encoder.toByteArray();
  }

  /** Forgets what was written; the array is kept for the next use. */
  public void reset() {
    size = 0;
    depth = 0;
  }

  /** Bytes written since the last reset. */
  public int size() {
    return size;
  }

  /** The internal array; its first {@link #size()} bytes are the output. */
  public byte[] array() {
    return bytes;
  }

  /** A copy of the output. */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  public void writeByte(int value) {
    ensure(1);
    bytes[size++] = (byte) value;
  }

  public void writeBytes(byte[] source, int offset, int length) {
    ensure(length);
    System.arraycopy(source, offset, bytes, size, length);
    size += length;
  }

  public void writeInt32(int value) {
    ensure(4);
    putInt32(size, value);
    size += 4;
  }

  /** Overwrites four bytes already written at {@code position} (a length prefix). */
  public void writeInt32At(int position, int value) {
    if (position < 0 || position > size - 4) {
      throw new IndexOutOfBoundsException("position " + position + " of " + size);
    }
    putInt32(position, value);
  }

  public void writeInt64(long value) {
    ensure(8);
    putInt32(size, (int) value);
    putInt32(size + 4, (int) (value >>> 32));
    size += 8;
  }

  /** A NUL-terminated UTF-8 string; refused if it holds a NUL. */
  public void writeCString(String text) {
    writeText(text, true);
  }

  /** Writes a whole document. */
  public void writeDocument(BsonDocument document) {
    if (document instanceof RawBsonDocument raw) {
      ByteBuffer encoded = raw.getByteBuffer().asNIO();
      ensure(encoded.remaining());
      int length = encoded.remaining();
      encoded.get(bytes, size, length);
      size += length;
      return;
    }
    int start = startDocument();
    for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
      writeElement(entry.getKey(), entry.getValue());
    }
    endDocument(start);
  }

  /**
   * Starts a document written element by element; returns the position to pass to {@link
   * #endDocument}.
   */
  public int startDocument() {
    if (++depth > MAX_DEPTH) {
      throw new BsonSerializationException(
          "Maximum serialization depth exceeded (does the object being serialized have a circular"
              + " reference?).");
    }
    int start = size;
    writeInt32(0);
    return start;
  }

  /** Ends the document {@link #startDocument} began at {@code start}. */
  public void endDocument(int start) {
    writeByte(0);
    putInt32(start, size - start);
    depth--;
  }

  /** One element of the document being written. */
  public void writeElement(String name, BsonValue value) {
    writeByte(value.getBsonType().getValue());
    writeCString(name);
    writeValue(value);
  }

  private void writeValue(BsonValue value) {
    switch (value.getBsonType()) {
      case DOUBLE -> writeInt64(Double.doubleToRawLongBits(value.asDouble().getValue()));
      case STRING -> writeString(value.asString().getValue());
      case DOCUMENT -> writeDocument(value.asDocument());
      case ARRAY -> writeArray(value.asArray().getValues());
      case BINARY -> writeBinary(value.asBinary());
      case OBJECT_ID -> writeObjectId(value.asObjectId().getValue());
      case BOOLEAN -> writeByte(value.asBoolean().getValue() ? 1 : 0);
      case DATE_TIME -> writeInt64(value.asDateTime().getValue());
      case REGULAR_EXPRESSION -> {
        BsonRegularExpression regex = value.asRegularExpression();
        writeCString(regex.getPattern());
        writeCString(regex.getOptions());
      }
      case DB_POINTER -> {
        writeString(value.asDBPointer().getNamespace());
        writeObjectId(value.asDBPointer().getId());
      }
      case JAVASCRIPT -> writeString(value.asJavaScript().getCode());
      case SYMBOL -> writeString(value.asSymbol().getSymbol());
      case JAVASCRIPT_WITH_SCOPE -> writeJavaScriptWithScope(value.asJavaScriptWithScope());
      case INT32 -> writeInt32(value.asInt32().getValue());
      case TIMESTAMP -> writeInt64(value.asTimestamp().getValue());
      case INT64 -> writeInt64(value.asInt64().getValue());
      case DECIMAL128 -> {
        Decimal128 decimal = value.asDecimal128().getValue();
        writeInt64(decimal.getLow());
        writeInt64(decimal.getHigh());
      }
      case NULL, UNDEFINED, MIN_KEY, MAX_KEY -> {
        // The type byte says it all.
      }
      case END_OF_DOCUMENT ->
          throw new BsonSerializationException("Cannot encode a value of type END_OF_DOCUMENT");
    }
  }

  private void writeArray(List<BsonValue> values) {
    int start = startDocument();
    for (int i = 0; i < values.size(); i++) {
      BsonValue value = values.get(i);
      writeByte(value.getBsonType().getValue());
      writeCString(i < INDEXES.length ? INDEXES[i] : Integer.toString(i));
      writeValue(value);
    }
    endDocument(start);
  }

  private void writeBinary(BsonBinary binary) {
    byte[] data = binary.getData();
    boolean old = binary.getType() == BsonBinarySubType.OLD_BINARY.getValue();
    writeInt32(old ? data.length + 4 : data.length);
    writeByte(binary.getType());
    if (old) {
      writeInt32(data.length);
    }
    writeBytes(data, 0, data.length);
  }

  private void writeObjectId(org.bson.types.ObjectId id) {
    ensure(12);
    id.putToByteBuffer(ByteBuffer.wrap(bytes, size, 12));
    size += 12;
  }

  private void writeJavaScriptWithScope(BsonJavaScriptWithScope code) {
    int start = size;
    writeInt32(0);
    writeString(code.getCode());
    writeDocument(code.getScope());
    putInt32(start, size - start);
  }

  private void writeString(String text) {
    int start = size;
    writeInt32(0);
    writeText(text, false);
    putInt32(start, size - start - 4);
  }

  /** Text in UTF-8 and a NUL; ASCII is copied a char at a time with no per-code-point logic. */
  private void writeText(String text, boolean cString) {
    int length = text.length();
    ensure(length + 1);
    int p = size;
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (c >= 0x80 || c == 0) {
        size = p;
        writeCodePoints(text, i, cString);
        return;
      }
      bytes[p++] = (byte) c;
    }
    bytes[p++] = 0;
    size = p;
  }

  private void writeCodePoints(String text, int from, boolean cString) {
    int length = text.length();
    for (int i = from; i < length; ) {
      int c = Character.codePointAt(text, i);
      if (cString && c == 0) {
        throw new BsonSerializationException(
            String.format(
                "BSON cstring '%s' is not valid because it contains a null character at index %d",
                text, i));
      }
      ensure(4);
      if (c < 0x80) {
        bytes[size++] = (byte) c;
      } else if (c < 0x800) {
        bytes[size++] = (byte) (0xc0 + (c >> 6));
        bytes[size++] = (byte) (0x80 + (c & 0x3f));
      } else if (c < 0x10000) {
        bytes[size++] = (byte) (0xe0 + (c >> 12));
        bytes[size++] = (byte) (0x80 + ((c >> 6) & 0x3f));
        bytes[size++] = (byte) (0x80 + (c & 0x3f));
      } else {
        bytes[size++] = (byte) (0xf0 + (c >> 18));
        bytes[size++] = (byte) (0x80 + ((c >> 12) & 0x3f));
        bytes[size++] = (byte) (0x80 + ((c >> 6) & 0x3f));
        bytes[size++] = (byte) (0x80 + (c & 0x3f));
      }
      i += Character.charCount(c);
    }
    writeByte(0);
  }

  private void putInt32(int position, int value) {
    bytes[position] = (byte) value;
    bytes[position + 1] = (byte) (value >>> 8);
    bytes[position + 2] = (byte) (value >>> 16);
    bytes[position + 3] = (byte) (value >>> 24);
  }

  private void ensure(int more) {
    if (more > bytes.length - size) {
      long wanted = Math.max((long) bytes.length * 2, (long) size + more);
      if (wanted > Integer.MAX_VALUE - 8) {
        throw new BsonSerializationException("Cannot encode BSON: output exceeds 2 GiB");
      }
      bytes = Arrays.copyOf(bytes, (int) wanted);
    }
  }
}
