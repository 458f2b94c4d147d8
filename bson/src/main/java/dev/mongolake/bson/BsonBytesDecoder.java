package dev.mongolake.bson;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonSerializationException;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Decodes BSON bytes into a {@link BsonDocument} tree in one pass over a byte array.
 *
 * <p>It builds exactly what org.bson's {@code BsonDocumentCodec} over a {@code BsonBinaryReader}
 * builds (same value classes, same strings) and rejects the same malformed input, with a {@link
 * BsonSerializationException}. {@link #decodeConformant} is for bytes from clients: unlike
 * org.bson, which keeps the last of two fields of the same name, it refuses such a document with a
 * {@link BsonNonConformantException}, since MongoDB would store both and keeping one would lose the
 * other without a word; and it refuses a string or name that is not valid UTF-8, which org.bson
 * (and {@link #decode}) replace with U+FFFD where MongoDB would store the bytes as they are. (Bytes
 * this process wrote may hold such names: Java writes every unpaired surrogate as {@code ?}, so
 * they are read back as org.bson reads them.) It exists because the codec's generic machinery (a
 * reader state machine, a codec lookup and a context per value) costs several times the decoding
 * itself, and every request, log record and cached document goes through here.
 *
 * <p>Every length is checked against the enclosing document before it is used, so hostile input
 * never causes a read past the given range or an allocation larger than it; and nesting deeper than
 * {@link BsonNesting#MAX_DEPTH} below the top-level document is refused with a {@link
 * BsonDepthException} (org.bson has no such limit), so that neither this recursive decoder nor the
 * code that walks what it built can run out of stack. Stateless and thread-safe.
 */
public final class BsonBytesDecoder {

  private BsonBytesDecoder() {}

  /**
   * Decodes the document that occupies exactly {@code length} bytes of {@code bytes} from {@code
   * offset}.
   *
   * @throws BsonDepthException if the document nests deeper than {@link BsonNesting#MAX_DEPTH}
   * @throws BsonSerializationException if the bytes are not one well-formed BSON document
   */
  public static BsonDocument decode(byte[] bytes, int offset, int length) {
    return decode(bytes, offset, length, false);
  }

  /**
   * Decodes as {@link #decode(byte[], int, int)} does, but refuses what a {@link BsonDocument}
   * cannot hold as sent.
   *
   * @throws BsonNonConformantException if a document holds a field name twice, or a string or a
   *     name is not valid UTF-8
   * @throws BsonDepthException if the document nests deeper than {@link BsonNesting#MAX_DEPTH}
   * @throws BsonSerializationException if the bytes are not one well-formed BSON document
   */
  public static BsonDocument decodeConformant(byte[] bytes, int offset, int length) {
    return decode(bytes, offset, length, true);
  }

  private static BsonDocument decode(byte[] bytes, int offset, int length, boolean conformant) {
    if (offset < 0 || length < 0 || offset > bytes.length - length) {
      throw new BsonSerializationException(
          "Cannot decode BSON: range " + offset + "+" + length + " is outside the array");
    }
    Cursor cursor = new Cursor(bytes, offset, conformant);
    BsonDocument document = cursor.document(offset + length);
    if (cursor.position != offset + length) {
      throw new BsonSerializationException(
          "Expected size to be " + length + ", not " + (cursor.position - offset) + ".");
    }
    return document;
  }

  /** Decodes a whole array holding one document. */
  public static BsonDocument decode(byte[] bytes) {
    return decode(bytes, 0, bytes.length);
  }

  private static final class Cursor {
    private final byte[] bytes;
    // Whether what a BsonDocument cannot hold as sent is refused.
    private final boolean conformant;
    private int position;
    // The name of the element being decoded, for the messages of conformant decoding.
    private String element;
    // Reports malformed UTF-8 instead of replacing it; made on the first non-ASCII string.
    private CharsetDecoder strictUtf8;
    // Levels below the top-level document at the position.
    private int depth;

    Cursor(byte[] bytes, int position, boolean conformant) {
      this.bytes = bytes;
      this.position = position;
      this.conformant = conformant;
    }

    /** A document starting at the position, which must end at or before {@code limit}. */
    BsonDocument document(int limit) {
      int end = documentEnd(limit);
      BsonDocument document = new BsonDocument();
      while (true) {
        byte type = readByte(end);
        if (type == 0) {
          break;
        }
        String name = cString(end);
        element = name;
        if (document.put(name, value(type, end)) != null && conformant) {
          // MongoDB's wording for it (bson_validate.cpp, full validation).
          throw new BsonNonConformantException(
              "A BSON document contains a duplicate field name : " + name);
        }
      }
      checkEnd(end);
      return document;
    }

    BsonArray array(int limit) {
      int end = documentEnd(limit);
      List<BsonValue> values = new ArrayList<>();
      while (true) {
        byte type = readByte(end);
        if (type == 0) {
          break;
        }
        skipCString(end);
        values.add(value(type, end));
      }
      checkEnd(end);
      return new BsonArray(values);
    }

    /** Reads a document's length prefix; returns where the document ends. */
    private int documentEnd(int limit) {
      int start = position;
      int size = int32(limit);
      if (size < 5) {
        throw new BsonSerializationException(
            "Cannot decode BSON: document size " + size + " at offset " + start + " is too small");
      }
      if (size > limit - start) {
        throw new BsonSerializationException(
            "Cannot decode BSON: document size "
                + size
                + " at offset "
                + start
                + " runs past its container");
      }
      return start + size;
    }

    private void checkEnd(int end) {
      if (position != end) {
        throw new BsonSerializationException(
            "Cannot decode BSON: a document ends at offset "
                + position
                + " but its size says "
                + end);
      }
    }

    private BsonValue value(byte type, int end) {
      return switch (type) {
        case 0x01 -> new BsonDouble(Double.longBitsToDouble(int64(end)));
        case 0x02 -> new BsonString(string(end));
        case 0x03 -> {
          descend();
          BsonDocument document = document(end);
          depth--;
          yield document;
        }
        case 0x04 -> {
          descend();
          BsonArray array = array(end);
          depth--;
          yield array;
        }
        case 0x05 -> binary(end);
        case 0x06 -> new BsonUndefined();
        case 0x07 -> new BsonObjectId(objectId(end));
        case 0x08 -> bool(end);
        case 0x09 -> new BsonDateTime(int64(end));
        case 0x0A -> BsonNull.VALUE;
        case 0x0B -> new BsonRegularExpression(cString(end), cString(end));
        case 0x0C -> new BsonDbPointer(string(end), objectId(end));
        case 0x0D -> new BsonJavaScript(string(end));
        case 0x0E -> new BsonSymbol(string(end));
        case 0x0F -> javaScriptWithScope(end);
        case 0x10 -> new BsonInt32(int32(end));
        case 0x11 -> new BsonTimestamp(int64(end));
        case 0x12 -> new BsonInt64(int64(end));
        case 0x13 -> decimal128(end);
        case (byte) 0xFF -> new BsonMinKey();
        case 0x7F -> new BsonMaxKey();
        default ->
            throw new BsonSerializationException(
                String.format(
                    "Detected unknown BSON type \"\\x%x\" at offset %d", type, position - 1));
      };
    }

    /** Enters a nested document, array or scope; a failure abandons the whole decoding. */
    private void descend() {
      if (++depth > BsonNesting.MAX_DEPTH) {
        throw new BsonDepthException(
            "Cannot decode BSON: " + BsonNesting.TOO_DEEP + " (at offset " + position + ")");
      }
    }

    private BsonBinary binary(int end) {
      int size = int32(end);
      if (size < 0) {
        throw new BsonSerializationException("Cannot decode BSON: binary size " + size);
      }
      byte subtype = readByte(end);
      if (subtype == BsonBinarySubType.OLD_BINARY.getValue()) {
        int repeated = int32(end);
        if (repeated != size - 4) {
          throw new BsonSerializationException("Binary sub type OldBinary has inconsistent sizes");
        }
        size -= 4;
      }
      return new BsonBinary(subtype, bytes(size, end));
    }

    private BsonBoolean bool(int end) {
      byte value = readByte(end);
      if (value != 0 && value != 1) {
        throw new BsonSerializationException("Expected a boolean value but found " + value);
      }
      return BsonBoolean.valueOf(value == 1);
    }

    private BsonJavaScriptWithScope javaScriptWithScope(int end) {
      int start = position;
      int size = int32(end);
      if (size < 0 || size > end - start) {
        throw new BsonSerializationException(
            "Cannot decode BSON: code with scope size " + size + " at offset " + start);
      }
      String code = string(start + size);
      descend();
      BsonDocument scope = document(start + size);
      depth--;
      if (position != start + size) {
        throw new BsonSerializationException(
            "Expected size to be " + size + ", not " + (position - start) + ".");
      }
      return new BsonJavaScriptWithScope(code, scope);
    }

    private BsonDecimal128 decimal128(int end) {
      long low = int64(end);
      long high = int64(end);
      return new BsonDecimal128(Decimal128.fromIEEE754BIDEncoding(high, low));
    }

    private ObjectId objectId(int end) {
      return new ObjectId(bytes(12, end));
    }

    private String string(int end) {
      int size = int32(end);
      if (size <= 0) {
        throw new BsonSerializationException(
            "While decoding a BSON string found a size that is not a positive number: " + size);
      }
      require(size, end);
      if (bytes[position + size - 1] != 0) {
        throw new BsonSerializationException("Found a BSON string that is not null-terminated");
      }
      String value = text(position, size - 1);
      position += size;
      return value;
    }

    private String cString(int end) {
      int start = position;
      int nul = nulFrom(start, end);
      position = nul + 1;
      return text(start, nul - start);
    }

    private void skipCString(int end) {
      position = nulFrom(position, end) + 1;
    }

    private int nulFrom(int start, int end) {
      for (int i = start; i < end; i++) {
        if (bytes[i] == 0) {
          return i;
        }
      }
      throw new BsonSerializationException(
          "Cannot decode BSON: a name at offset " + start + " is not null-terminated");
    }

    private String text(int start, int length) {
      if (conformant && !ascii(start, length)) {
        return strictText(start, length);
      }
      return new String(bytes, start, length, StandardCharsets.UTF_8);
    }

    private boolean ascii(int start, int length) {
      for (int i = start; i < start + length; i++) {
        if (bytes[i] < 0) {
          return false;
        }
      }
      return true;
    }

    private String strictText(int start, int length) {
      if (strictUtf8 == null) {
        strictUtf8 =
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
      }
      try {
        return strictUtf8.decode(ByteBuffer.wrap(bytes, start, length)).toString();
      } catch (CharacterCodingException e) {
        // MongoDB's wording for it (bson_validate.cpp, full validation).
        throw new BsonNonConformantException(
            "Found string that doesn't follow UTF-8 encoding"
                + (element == null ? "" : " in element with field name '" + element + "'")
                + " (at offset "
                + start
                + ")");
      }
    }

    private byte[] bytes(int count, int end) {
      require(count, end);
      byte[] copy = new byte[count];
      System.arraycopy(bytes, position, copy, 0, count);
      position += count;
      return copy;
    }

    private byte readByte(int end) {
      require(1, end);
      return bytes[position++];
    }

    private int int32(int end) {
      require(4, end);
      int p = position;
      position += 4;
      return (bytes[p] & 0xFF)
          | (bytes[p + 1] & 0xFF) << 8
          | (bytes[p + 2] & 0xFF) << 16
          | (bytes[p + 3] & 0xFF) << 24;
    }

    private long int64(int end) {
      require(8, end);
      long low = int32(end) & 0xFFFFFFFFL;
      long high = int32(end) & 0xFFFFFFFFL;
      return low | high << 32;
    }

    private void require(int count, int end) {
      if (count > end - position) {
        throw new BsonSerializationException(
            "Cannot decode BSON: "
                + count
                + " bytes needed at offset "
                + position
                + ", "
                + (end - position)
                + " left in the document");
      }
    }
  }
}
