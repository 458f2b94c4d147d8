package dev.mongolake.delta.variant;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
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
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Seeded generators of BSON documents covering every BSON type, nesting, field order and awkward
 * values (NaN, -0.0, extreme numbers, strings with NUL, binary subtypes, non-canonical decimals).
 *
 * <p>Every method draws only from the given {@link Random}, so a fixed seed reproduces the same
 * sequence of values.
 */
public final class RandomBson {
  private static final JsonWriterSettings EXTENDED =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

  private static final String[] SPECIAL_KEYS = {
    "_id", "$oid", "$date", "$document", "$numberDecimal", "a", "b", "é", "名"
  };
  private static final String[] SPECIAL_STRINGS = {"", "\u0000", "a\u0000b", "😀", "x".repeat(64)};
  private static final String[] REGEX_OPTIONS = {"", "i", "imsx", "u"};
  private static final byte[] BINARY_SUBTYPES = {0, 1, 3, 4, 5, (byte) 0x80};
  private static final double[] SPECIAL_DOUBLES = {
    Double.NaN,
    -0.0,
    0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    0x1p53,
    0x1p63,
    -0x1p63
  };
  private static final int[] SPECIAL_INTS = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};
  private static final long[] SPECIAL_LONGS = {
    0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE + 1L
  };
  private static final String[] SPECIAL_DECIMALS = {
    "NaN", "-NaN", "Infinity", "-Infinity", "-0", "0E+300", "-0.00", "1E-6176"
  };
  private static final BigInteger MAX_DECIMAL_DIGITS =
      new BigInteger("9999999999999999999999999999999999");

  /** Scalar kinds; {@link #value} adds the three nested kinds while depth remains. */
  private static final int SCALAR_KINDS = 18;

  private static final int NESTED_KINDS = 3;

  private RandomBson() {}

  /** A document nested up to {@code depth} levels, with up to 8 fields per level. */
  public static BsonDocument document(Random random, int depth) {
    int size = random.nextInt(9);
    BsonDocument document = new BsonDocument();
    for (int i = 0; i < size; i++) {
      document.put(key(random), value(random, depth));
    }
    return document;
  }

  /** Up to {@code maxSize} documents nested up to {@code depth} levels. */
  public static List<BsonDocument> documents(Random random, int depth, int maxSize) {
    int size = random.nextInt(maxSize + 1);
    List<BsonDocument> documents = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      documents.add(document(random, depth));
    }
    return documents;
  }

  /** Keys: plain names, names that look like Extended JSON wrappers, and arbitrary text. */
  public static String key(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> alphaString(random, 1 + random.nextInt(6));
      case 1 -> pick(random, SPECIAL_KEYS);
      default -> bmpString(random, 1, 1 + random.nextInt(4));
    };
  }

  /** Any BSON value; documents, arrays and code-with-scope nest up to {@code depth} levels. */
  public static BsonValue value(Random random, int depth) {
    int kinds = SCALAR_KINDS + (depth > 0 ? NESTED_KINDS : 0);
    int kind = random.nextInt(kinds);
    if (kind < SCALAR_KINDS) {
      return scalar(random, kind);
    }
    return switch (kind - SCALAR_KINDS) {
      case 0 -> document(random, depth - 1);
      case 1 -> {
        int size = random.nextInt(6);
        BsonArray array = new BsonArray();
        for (int i = 0; i < size; i++) {
          array.add(value(random, depth - 1));
        }
        yield array;
      }
      default -> new BsonJavaScriptWithScope(string(random), document(random, depth - 1));
    };
  }

  /** Canonical Extended JSON of a document, for failure messages and order-sensitive checks. */
  public static String describe(BsonDocument document) {
    return document.toJson(EXTENDED);
  }

  private static BsonValue scalar(Random random, int kind) {
    return switch (kind) {
      case 0 -> new BsonDouble(anyDouble(random));
      case 1 -> new BsonDouble(SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)]);
      case 2 -> new BsonString(string(random));
      case 3 -> new BsonInt32(anyInt(random));
      case 4 -> new BsonInt64(anyLong(random));
      case 5 -> new BsonInt64(SPECIAL_LONGS[random.nextInt(SPECIAL_LONGS.length)]);
      case 6 ->
          switch (random.nextInt(3)) {
            case 0 -> BsonBoolean.TRUE;
            case 1 -> BsonBoolean.FALSE;
            default -> BsonNull.VALUE;
          };
      case 7 -> new BsonDateTime(anyLong(random));
      case 8 -> new BsonDateTime(random.nextLong(-100_000_000_000_000L, 100_000_000_000_001L));
      case 9 -> new BsonObjectId(new ObjectId(bytes(random, 12)));
      case 10 -> binary(random);
      case 11 -> decimal(random);
      case 12 ->
          new BsonTimestamp(
              random.nextInt(5) == 0
                  ? pick(random, new int[] {-1, 0, Integer.MAX_VALUE})
                  : random.nextInt(Integer.MAX_VALUE),
              anyInt(random));
      case 13 -> new BsonRegularExpression(cstring(random), pick(random, REGEX_OPTIONS));
      case 14 -> new BsonJavaScript(string(random));
      case 15 -> new BsonSymbol(string(random));
      case 16 -> new BsonDbPointer(string(random), new ObjectId(bytes(random, 12)));
      case 17 ->
          switch (random.nextInt(3)) {
            case 0 -> new BsonMinKey();
            case 1 -> new BsonMaxKey();
            default -> new BsonUndefined();
          };
      default -> throw new IllegalArgumentException("no scalar kind " + kind);
    };
  }

  /** Strings: short text, long text with NUL and non-ASCII (including surrogate pairs). */
  public static String string(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> unicodeString(random, random.nextInt(11));
      case 1 -> bmpString(random, 0, random.nextInt(81));
      default -> pick(random, SPECIAL_STRINGS);
    };
  }

  /** Text of {@code length} code points: ASCII, NUL, Latin, CJK and supplementary characters. */
  public static String unicodeString(Random random, int length) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      int codePoint =
          switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1, 2 -> 0x20 + random.nextInt(0x5F);
            case 3 -> 0x80 + random.nextInt(0x780);
            case 4 -> 0x800 + random.nextInt(0xD800 - 0x800);
            default -> 0x10000 + random.nextInt(0x110000 - 0x10000);
          };
      text.appendCodePoint(codePoint);
    }
    return text.toString();
  }

  /** BSON stores keys, regex patterns and options as NUL-terminated strings. */
  private static String cstring(Random random) {
    return bmpString(random, 1, random.nextInt(21));
  }

  /** Characters drawn uniformly from {@code lowest}..U+D7FF (below the surrogates). */
  private static String bmpString(Random random, int lowest, int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) (lowest + random.nextInt(0xD800 - lowest));
    }
    return new String(chars);
  }

  private static String alphaString(Random random, int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      int letter = random.nextInt(52);
      chars[i] = (char) (letter < 26 ? 'a' + letter : 'A' + letter - 26);
    }
    return new String(chars);
  }

  private static BsonBinary binary(Random random) {
    byte subtype = BINARY_SUBTYPES[random.nextInt(BINARY_SUBTYPES.length)];
    byte[] data = random.nextBoolean() ? bytes(random, random.nextInt(41)) : bytes(random, 16);
    return new BsonBinary(subtype, data);
  }

  private static BsonDecimal128 decimal(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> {
        BigInteger unscaled = new BigInteger(random.nextInt(114), random);
        if (unscaled.compareTo(MAX_DECIMAL_DIGITS) > 0) {
          unscaled = MAX_DECIMAL_DIGITS;
        }
        if (random.nextBoolean()) {
          unscaled = unscaled.negate();
        }
        int scale = random.nextInt(101) - 50;
        yield new BsonDecimal128(new Decimal128(new BigDecimal(unscaled, scale)));
      }
      case 1 -> new BsonDecimal128(Decimal128.parse(pick(random, SPECIAL_DECIMALS)));
      default ->
          new BsonDecimal128(
              Decimal128.fromIEEE754BIDEncoding(random.nextLong(), random.nextLong()));
    };
  }

  /**
   * A non-canonical BID encoding whose 113-bit coefficient exceeds 10^34 - 1 (most random bit
   * patterns are; {@link #value} produces them among others).
   */
  public static BsonDecimal128 decimalWithOversizedCoefficient(Random random) {
    long high;
    long low;
    do {
      high = random.nextLong();
      low = random.nextLong();
    } while (!hasOversizedCoefficient(high, low));
    return new BsonDecimal128(Decimal128.fromIEEE754BIDEncoding(high, low));
  }

  /** Whether the encoding uses the plain coefficient form with a coefficient above 10^34 - 1. */
  public static boolean hasOversizedCoefficient(long high, long low) {
    boolean largeCoefficientForm = (high & 0x6000_0000_0000_0000L) == 0x6000_0000_0000_0000L;
    BigInteger coefficient =
        BigInteger.valueOf(high & 0x1_FFFF_FFFF_FFFFL).shiftLeft(64).or(unsigned(low));
    return !largeCoefficientForm && coefficient.compareTo(MAX_DECIMAL_DIGITS) > 0;
  }

  private static BigInteger unsigned(long value) {
    return BigInteger.valueOf(value >>> 1).shiftLeft(1).or(BigInteger.valueOf(value & 1));
  }

  /** Any int, with the edges (0, ±1, MIN, MAX) and small values drawn often. */
  public static int anyInt(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> SPECIAL_INTS[random.nextInt(SPECIAL_INTS.length)];
      case 1 -> random.nextInt(201) - 100;
      default -> random.nextInt();
    };
  }

  /** Any long, with the edges and small values drawn often. */
  public static long anyLong(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> SPECIAL_LONGS[random.nextInt(SPECIAL_LONGS.length)];
      case 1 -> random.nextInt(201) - 100;
      default -> random.nextLong();
    };
  }

  /**
   * Any double: arbitrary bit patterns (subnormals, NaN payloads, huge and tiny magnitudes), values
   * with two decimals, and integral values.
   */
  public static double anyDouble(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> Double.longBitsToDouble(random.nextLong());
      case 1 -> Math.round(random.nextGaussian() * 1_000_000) / 100.0;
      case 2 -> (double) (random.nextInt(2001) - 1000);
      default -> SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)];
    };
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private static <T> T pick(Random random, T[] choices) {
    return choices[random.nextInt(choices.length)];
  }

  private static int pick(Random random, int[] choices) {
    return choices[random.nextInt(choices.length)];
  }
}
