package dev.mongolake.delta.variant.internal;

import static dev.mongolake.delta.variant.internal.VariantFormat.*;

import dev.mongolake.bson.BsonNesting;
import dev.mongolake.delta.variant.VariantCodecException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
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
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Decodes Variant bytes to BSON. Object fields come back in ascending value-offset order, which is
 * document order for values {@link VariantEncoder} wrote (and the spec's sorted key order for
 * values most other writers produce). Variant types MongoLake never writes (int8, int16, float,
 * date, time, NTZ and nanosecond timestamps) still decode, to the nearest BSON type.
 */
public final class VariantDecoder {
  /**
   * Nested Variant objects and arrays decoded at most. A wrapper adds at most three Variant levels
   * to the BSON level it encodes (code with scope: the wrapper, its payload, the scope), so four
   * per level never refuses a document within {@link BsonNesting#MAX_DEPTH}, while the recursion
   * over a hostile file (offsets only point forward, but a file can be large) stays a few thousand
   * frames.
   */
  private static final int MAX_VARIANT_DEPTH = 4 * BsonNesting.MAX_DEPTH;

  private final VariantKeys keys;
  private final ByteBuffer value;
  private int depth;

  private VariantDecoder(VariantKeys keys, byte[] value) {
    this.keys = keys;
    this.value = ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Decodes a Variant that holds an object into a document.
   *
   * @throws VariantCodecException if the bytes are malformed or hold no object
   */
  public static BsonDocument decodeDocument(byte[] metadata, byte[] value) {
    try {
      BsonValue decoded = new VariantDecoder(VariantKeys.of(metadata), value).read(0);
      if (!decoded.isDocument()) {
        throw new VariantCodecException(
            "Cannot decode Variant as a document: it holds a " + decoded.getBsonType());
      }
      return decoded.asDocument();
    } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException e) {
      throw new VariantCodecException("Cannot decode Variant: malformed bytes (" + e + ")", e);
    }
  }

  /**
   * Decodes a Variant holding any value to BSON.
   *
   * @throws VariantCodecException if the bytes are malformed
   */
  public static BsonValue decodeValue(byte[] metadata, byte[] value) {
    try {
      return new VariantDecoder(VariantKeys.of(metadata), value).read(0);
    } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException e) {
      throw new VariantCodecException("Cannot decode Variant: malformed bytes (" + e + ")", e);
    }
  }

  /**
   * The values at {@code paths} of the document a Variant holds, each as {@link #decodeDocument}
   * followed by a walk down the path would find it (null where the path is missing, a scalar or a
   * wrapped BSON value standing above its end), without decoding anything else.
   *
   * @param paths each path's field names as UTF-8
   * @param out receives one value per path
   * @return false when some path crosses an array before its last field (where MongoDB's path
   *     semantics look into the elements): decode the whole document instead; {@code out} is then
   *     incomplete
   * @throws VariantCodecException if the bytes are malformed or hold no object
   */
  public static boolean extract(byte[] metadata, byte[] value, byte[][][] paths, BsonValue[] out) {
    try {
      VariantDecoder decoder = new VariantDecoder(VariantKeys.of(metadata), value);
      if ((decoder.value.get(0) & 0x03) != BASIC_OBJECT) {
        throw new VariantCodecException("Cannot decode Variant as a document: it holds no object");
      }
      for (int i = 0; i < paths.length; i++) {
        int at = decoder.find(paths[i]);
        if (at == CROSSES_ARRAY) {
          return false;
        }
        out[i] = at == MISSING ? null : decoder.read(at);
      }
      return true;
    } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException e) {
      throw new VariantCodecException("Cannot decode Variant: malformed bytes (" + e + ")", e);
    }
  }

  private static final int MISSING = -1;
  private static final int CROSSES_ARRAY = -2;

  /** Where the value at {@code path} starts, or {@link #MISSING}, or {@link #CROSSES_ARRAY}. */
  private int find(byte[][] path) {
    int at = 0;
    boolean wrappers = true;
    for (int segment = 0; segment < path.length; ) {
      int header = value.get(at) & 0xFF;
      int basicType = header & 0x03;
      if (basicType == BASIC_ARRAY) {
        return CROSSES_ARRAY;
      }
      if (basicType != BASIC_OBJECT) {
        return MISSING;
      }
      int typeHeader = header >>> 2;
      int objectAt = at + 1;
      int offsetSize = (typeHeader & 0x03) + 1;
      int idSize = ((typeHeader >>> 2) & 0x03) + 1;
      int countSize = (typeHeader & 0x10) != 0 ? 4 : 1;
      int count = unsigned(value, objectAt, countSize);
      int idsAt = objectAt + countSize;
      int offsetsAt = idsAt + count * idSize;
      int dataAt = offsetsAt + (count + 1) * offsetSize;
      if (wrappers && count == 1) {
        String only = keys.get(unsigned(value, idsAt, idSize));
        if (only.equals(ESCAPED_DOCUMENT)) {
          // A user document whose one key looks like a wrapper: its fields are the payload's.
          at = dataAt + unsigned(value, offsetsAt, offsetSize);
          wrappers = false;
          continue;
        }
        if (WRAPPER_KEYS.contains(only)) {
          // An ObjectId, a date, ...: a scalar, which has no fields.
          return MISSING;
        }
      }
      int found = MISSING;
      for (int field = 0; field < count && found == MISSING; field++) {
        if (keys.is(unsigned(value, idsAt + field * idSize, idSize), path[segment])) {
          found = dataAt + unsigned(value, offsetsAt + field * offsetSize, offsetSize);
        }
      }
      if (found == MISSING) {
        return MISSING;
      }
      at = found;
      wrappers = true;
      segment++;
    }
    return at;
  }

  private BsonValue read(int at) {
    int header = value.get(at) & 0xFF;
    int basicType = header & 0x03;
    int typeHeader = header >>> 2;
    return switch (basicType) {
      case BASIC_PRIMITIVE -> readPrimitive(typeHeader, at + 1);
      case BASIC_SHORT_STRING -> new BsonString(utf8(at + 1, typeHeader));
      case BASIC_OBJECT -> {
        descend();
        BsonValue object = readObject(typeHeader, at + 1, true);
        depth--;
        yield object;
      }
      default -> {
        descend();
        BsonValue array = readArray(typeHeader, at + 1);
        depth--;
        yield array;
      }
    };
  }

  private void descend() {
    if (++depth > MAX_VARIANT_DEPTH) {
      throw new VariantCodecException(
          "Cannot decode Variant: it nests deeper than " + MAX_VARIANT_DEPTH + " levels");
    }
  }

  /**
   * @param interpretWrappers false for the payload of {@code $document}, a user document whose one
   *     key merely looks like a wrapper
   */
  private BsonValue readObject(int typeHeader, int at, boolean interpretWrappers) {
    int offsetSize = (typeHeader & 0x03) + 1;
    int idSize = ((typeHeader >>> 2) & 0x03) + 1;
    int countSize = (typeHeader & 0x10) != 0 ? 4 : 1;
    int count = unsigned(value, at, countSize);
    int idsAt = at + countSize;
    int offsetsAt = idsAt + count * idSize;
    int dataAt = offsetsAt + (count + 1) * offsetSize;
    int[][] fields = new int[count][];
    for (int i = 0; i < count; i++) {
      fields[i] =
          new int[] {
            unsigned(value, offsetsAt + i * offsetSize, offsetSize),
            unsigned(value, idsAt + i * idSize, idSize)
          };
    }
    Arrays.sort(fields, Comparator.comparingInt(f -> f[0]));
    if (interpretWrappers && count == 1 && WRAPPER_KEYS.contains(keys.get(fields[0][1]))) {
      String wrapper = keys.get(fields[0][1]);
      int payloadAt = dataAt + fields[0][0];
      if (wrapper.equals(ESCAPED_DOCUMENT)) {
        int payloadHeader = value.get(payloadAt) & 0xFF;
        if ((payloadHeader & 0x03) != BASIC_OBJECT) {
          throw new VariantCodecException(
              "Cannot decode Variant wrapper $document: its payload is no object");
        }
        return readObject(payloadHeader >>> 2, payloadAt + 1, false);
      }
      return unwrap(wrapper, read(payloadAt));
    }
    BsonDocument document = new BsonDocument();
    for (int[] field : fields) {
      document.append(keys.get(field[1]), read(dataAt + field[0]));
    }
    return document;
  }

  private BsonValue readArray(int typeHeader, int at) {
    int offsetSize = (typeHeader & 0x03) + 1;
    int countSize = (typeHeader & 0x04) != 0 ? 4 : 1;
    int count = unsigned(value, at, countSize);
    int offsetsAt = at + countSize;
    int dataAt = offsetsAt + (count + 1) * offsetSize;
    BsonArray array = new BsonArray(new java.util.ArrayList<>(count));
    for (int i = 0; i < count; i++) {
      array.add(read(dataAt + unsigned(value, offsetsAt + i * offsetSize, offsetSize)));
    }
    return array;
  }

  private BsonValue unwrap(String key, BsonValue payload) {
    try {
      return switch (key) {
        case OBJECT_ID -> new org.bson.BsonObjectId(new ObjectId(payload.asString().getValue()));
        case DATE_MILLIS -> new BsonDateTime(payload.asInt64().getValue());
        case BINARY_WITH_SUBTYPE ->
            new BsonBinary(
                (byte) payload.asDocument().getInt32("subType").getValue(),
                payload.asDocument().getBinary("bytes").getData());
        case UNDEFINED -> new BsonUndefined();
        case REGEX ->
            new BsonRegularExpression(
                payload.asDocument().getString("pattern").getValue(),
                payload.asDocument().getString("options").getValue());
        case DB_POINTER ->
            new BsonDbPointer(
                payload.asDocument().getString("$ref").getValue(),
                new ObjectId(payload.asDocument().getString("$id").getValue()));
        case JAVASCRIPT -> new BsonJavaScript(payload.asString().getValue());
        case JAVASCRIPT_WITH_SCOPE ->
            new BsonJavaScriptWithScope(
                payload.asDocument().getString("$code").getValue(),
                payload.asDocument().getDocument("$scope"));
        case SYMBOL -> new BsonSymbol(payload.asString().getValue());
        case TIMESTAMP ->
            new BsonTimestamp(
                (int) payload.asDocument().getInt64("t").getValue(),
                (int) payload.asDocument().getInt64("i").getValue());
        case DECIMAL -> new BsonDecimal128(decimalFromWrapper(payload));
        case MIN_KEY -> new BsonMinKey();
        case MAX_KEY -> new BsonMaxKey();
        default ->
            throw new VariantCodecException("Cannot decode Variant wrapper " + key + ": unknown");
      };
    } catch (org.bson.BsonInvalidOperationException | ClassCastException e) {
      throw new VariantCodecException(
          "Cannot decode Variant wrapper " + key + ": unexpected payload " + payload, e);
    }
  }

  private static Decimal128 decimalFromWrapper(BsonValue payload) {
    if (payload.isString()) {
      return Decimal128.parse(payload.asString().getValue());
    }
    ByteBuffer bits = ByteBuffer.wrap(payload.asBinary().getData()).order(ByteOrder.LITTLE_ENDIAN);
    long low = bits.getLong();
    return Decimal128.fromIEEE754BIDEncoding(bits.getLong(), low);
  }

  private BsonValue readPrimitive(int type, int at) {
    return switch (type) {
      case NULL -> BsonNull.VALUE;
      case TRUE -> BsonBoolean.TRUE;
      case FALSE -> BsonBoolean.FALSE;
      case INT8 -> new BsonInt32(value.get(at));
      case INT16 -> new BsonInt32(value.getShort(at));
      case INT32 -> new BsonInt32(value.getInt(at));
      case INT64 -> new BsonInt64(value.getLong(at));
      case DOUBLE -> new BsonDouble(Double.longBitsToDouble(value.getLong(at)));
      case FLOAT -> new BsonDouble(value.getFloat(at));
      case DECIMAL4 -> decimal(BigInteger.valueOf(value.getInt(at + 1)), value.get(at));
      case DECIMAL8 -> decimal(BigInteger.valueOf(value.getLong(at + 1)), value.get(at));
      case DECIMAL16 -> decimal(littleEndianInteger(at + 1, 16), value.get(at));
      case DATE -> new BsonDateTime(value.getInt(at) * 86_400_000L);
      case TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS ->
          new BsonDateTime(Math.floorDiv(value.getLong(at), 1000L));
      case TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          new BsonDateTime(Math.floorDiv(value.getLong(at), 1_000_000L));
      case TIME_NTZ_MICROS -> new BsonInt64(value.getLong(at));
      case BINARY -> new BsonBinary(bytes(at + 4, value.getInt(at)));
      case STRING -> new BsonString(utf8(at + 4, value.getInt(at)));
      case UUID -> new BsonBinary(BsonBinarySubType.UUID_STANDARD, bytes(at, 16));
      default ->
          throw new VariantCodecException(
              "Cannot decode Variant: unknown primitive type " + type + " at byte " + at);
    };
  }

  private static BsonDecimal128 decimal(BigInteger unscaled, byte scale) {
    return new BsonDecimal128(new Decimal128(new BigDecimal(unscaled, scale)));
  }

  private BigInteger littleEndianInteger(int at, int size) {
    byte[] bigEndian = new byte[size];
    for (int i = 0; i < size; i++) {
      bigEndian[i] = value.get(at + size - 1 - i);
    }
    return new BigInteger(bigEndian);
  }

  private byte[] bytes(int at, int length) {
    byte[] out = new byte[length];
    value.get(at, out);
    return out;
  }

  private String utf8(int at, int length) {
    return new String(bytes(at, length), StandardCharsets.UTF_8);
  }

  static int unsigned(ByteBuffer in, int at, int size) {
    int result = 0;
    for (int i = 0; i < size; i++) {
      result |= (in.get(at + i) & 0xFF) << (8 * i);
    }
    if (result < 0) {
      throw new VariantCodecException(
          "Cannot decode Variant: size or offset " + result + " > 2^31");
    }
    return result;
  }
}
