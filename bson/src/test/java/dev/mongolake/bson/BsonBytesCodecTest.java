package dev.mongolake.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
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
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** The byte-level codec agrees with org.bson's codec on every document, and on every bad input. */
class BsonBytesCodecTest {

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  @Test
  void encodesEveryDocumentToTheBytesOrgBsonWrites() {
    Random random = new Random(20261130);
    for (int i = 0; i < 5_000; i++) {
      BsonDocument document = randomDocument(random, 0);
      assertThat(BsonBytesEncoder.encode(document)).isEqualTo(reference(document));
    }
  }

  @Test
  void decodesEveryDocumentToWhatOrgBsonReads() {
    Random random = new Random(11);
    for (int i = 0; i < 5_000; i++) {
      byte[] bytes = reference(randomDocument(random, 0));
      BsonDocument decoded = BsonBytesDecoder.decode(bytes);
      assertThat(decoded).isEqualTo(referenceDecode(bytes));
      assertThat(BsonBytesEncoder.encode(decoded)).isEqualTo(reference(decoded));
    }
  }

  @Test
  void rejectsExactlyTheMutatedBytesOrgBsonRejects() {
    Random random = new Random(7);
    int rejected = 0;
    for (int i = 0; i < 50_000; i++) {
      byte[] bytes = reference(randomDocument(random, 0));
      int flips = 1 + random.nextInt(3);
      for (int f = 0; f < flips; f++) {
        bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
      }
      BsonDocument expected;
      try {
        expected = referenceDecode(bytes);
      } catch (RuntimeException e) {
        expected = null;
      }
      if (expected == null) {
        rejected++;
        assertThatThrownBy(() -> BsonBytesDecoder.decode(bytes))
            .isInstanceOf(BsonSerializationException.class);
      } else {
        assertThat(BsonBytesDecoder.decode(bytes)).isEqualTo(expected);
      }
    }
    assertThat(rejected).isGreaterThan(10_000);
  }

  @Test
  void copiesARawDocumentAsItsBytes() {
    BsonDocument inner = new BsonDocument("a", new BsonInt32(1));
    RawBsonDocument raw = new RawBsonDocument(inner, CODEC);
    BsonDocument outer = new BsonDocument("raw", raw).append("x", new BsonString("é"));
    assertThat(BsonBytesEncoder.encode(outer)).isEqualTo(reference(outer));
  }

  @Test
  void conformantDecodingRefusesAFieldNameTwiceWhichOrgBsonCollapses() {
    byte[] bytes = reference(new BsonDocument("a", new BsonInt32(1)).append("b", new BsonInt32(2)));
    // The second name, "b", becomes "a": {a: 1, a: 2}.
    bytes[bytes.length - 7] = 'a';

    assertThat(BsonBytesDecoder.decode(bytes)).isEqualTo(referenceDecode(bytes));
    assertThatThrownBy(() -> BsonBytesDecoder.decodeConformant(bytes, 0, bytes.length))
        .isInstanceOf(BsonNonConformantException.class)
        .hasMessage("A BSON document contains a duplicate field name : a");
  }

  @Test
  void conformantDecodingRefusesAStringThatIsNotUtf8WhichOrgBsonReplaces() {
    byte[] bytes = reference(new BsonDocument("s", new BsonString("xx")));
    // "xx" becomes C3 28: a two-byte lead followed by a byte that cannot continue it.
    bytes[bytes.length - 4] = (byte) 0xC3;
    bytes[bytes.length - 3] = '(';

    assertThat(BsonBytesDecoder.decode(bytes)).isEqualTo(referenceDecode(bytes));
    assertThat(BsonBytesDecoder.decode(bytes).getString("s").getValue()).isEqualTo("\uFFFD(");
    assertThatThrownBy(() -> BsonBytesDecoder.decodeConformant(bytes, 0, bytes.length))
        .isInstanceOf(BsonNonConformantException.class)
        .hasMessage(
            "Found string that doesn't follow UTF-8 encoding in element with field name 's' (at"
                + " offset 11)");
  }

  @Test
  void conformantDecodingReadsValidUtf8AsOrgBsonDoes() {
    BsonDocument document =
        new BsonDocument("é", new BsonString("naïve ☃ 😀")).append("a", new BsonString("plain"));
    byte[] bytes = reference(document);

    assertThat(BsonBytesDecoder.decodeConformant(bytes, 0, bytes.length)).isEqualTo(document);
  }

  @Test
  void refusesANulInAName() {
    assertThatThrownBy(() -> BsonBytesEncoder.encode(new BsonDocument("a\0b", BsonNull.VALUE)))
        .isInstanceOf(BsonSerializationException.class)
        .hasMessage(
            "BSON cstring 'a\0b' is not valid because it contains a null character at index 1");
  }

  @Test
  void refusesNestingDeeperThanOrgBson() {
    BsonDocument deep = new BsonDocument();
    for (int i = 0; i < 1100; i++) {
      deep = new BsonDocument("d", deep);
    }
    BsonDocument tooDeep = deep;
    assertThatThrownBy(() -> BsonBytesEncoder.encode(tooDeep))
        .isInstanceOf(BsonSerializationException.class)
        .hasMessageStartingWith("Maximum serialization depth exceeded");
  }

  @Test
  void reusesItsArrayAfterReset() {
    BsonBytesEncoder encoder = new BsonBytesEncoder(16);
    BsonDocument document = new BsonDocument("text", new BsonString("x".repeat(100)));
    encoder.writeDocument(document);
    byte[] grown = encoder.array();
    encoder.reset();
    encoder.writeDocument(document);
    assertThat(encoder.array()).isSameAs(grown);
    assertThat(encoder.toByteArray()).isEqualTo(reference(document));
  }

  @Test
  void decodesARangeOfALargerArray() {
    byte[] bytes = reference(new BsonDocument("a", new BsonInt32(1)));
    byte[] padded = new byte[bytes.length + 10];
    System.arraycopy(bytes, 0, padded, 3, bytes.length);
    assertThat(BsonBytesDecoder.decode(padded, 3, bytes.length))
        .isEqualTo(new BsonDocument("a", new BsonInt32(1)));
    assertThatThrownBy(() -> BsonBytesDecoder.decode(padded, 3, bytes.length + 1))
        .isInstanceOf(BsonSerializationException.class);
  }

  private static byte[] reference(BsonDocument document) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      CODEC.encode(writer, document, EncoderContext.builder().build());
    }
    return buffer.toByteArray();
  }

  private static BsonDocument referenceDecode(byte[] bytes) {
    try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
      BsonDocument document = CODEC.decode(reader, DecoderContext.builder().build());
      if (reader.getBsonInput().getPosition() != bytes.length) {
        throw new IllegalStateException("trailing bytes");
      }
      return document;
    }
  }

  private static BsonDocument randomDocument(Random random, int depth) {
    BsonDocument document = new BsonDocument();
    int fields = random.nextInt(depth == 0 ? 8 : 4);
    for (int i = 0; i < fields; i++) {
      document.put(randomText(random, true), randomValue(random, depth));
    }
    return document;
  }

  private static BsonValue randomValue(Random random, int depth) {
    int kind = random.nextInt(depth > 3 ? 19 : 21);
    return switch (kind) {
      case 0 -> new BsonDouble(random.nextDouble() * 1e6 - 5e5);
      case 1 -> new BsonString(randomText(random, false));
      case 2 -> new BsonBinary((byte) random.nextInt(6), bytes(random));
      case 3 -> new BsonUndefined();
      case 4 -> new BsonObjectId(new ObjectId());
      case 5 -> BsonBoolean.valueOf(random.nextBoolean());
      case 6 -> new BsonDateTime(random.nextLong());
      case 7 -> BsonNull.VALUE;
      case 8 -> new BsonRegularExpression(randomText(random, true), "imx");
      case 9 -> new BsonDbPointer(randomText(random, false), new ObjectId());
      case 10 -> new BsonJavaScript(randomText(random, false));
      case 11 -> new BsonSymbol(randomText(random, false));
      case 12 -> new BsonInt32(random.nextInt());
      case 13 -> new BsonTimestamp(random.nextLong());
      case 14 -> new BsonInt64(random.nextLong());
      case 15 -> new BsonDecimal128(new Decimal128(random.nextLong()));
      case 16 -> new BsonMinKey();
      case 17 -> new BsonMaxKey();
      case 18 -> new BsonInt32(random.nextInt(100));
      case 19 -> randomDocument(random, depth + 1);
      default -> {
        List<BsonValue> values = new ArrayList<>();
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
          values.add(randomValue(random, depth + 1));
        }
        yield random.nextInt(8) == 0
            ? new BsonJavaScriptWithScope(randomText(random, false), randomDocument(random, 4))
            : new BsonArray(values);
      }
    };
  }

  private static byte[] bytes(Random random) {
    byte[] bytes = new byte[random.nextInt(20)];
    random.nextBytes(bytes);
    return bytes;
  }

  private static String randomText(Random random, boolean cString) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(12);
    for (int i = 0; i < length; i++) {
      int kind = random.nextInt(10);
      char c =
          switch (kind) {
            case 0 -> (char) (0x80 + random.nextInt(0x780));
            case 1 -> (char) (0x800 + random.nextInt(0xD000));
            case 2 -> (char) (0xD800 + random.nextInt(0x800)); // unpaired or paired surrogates
            case 3 -> cString ? 'z' : '\0';
            default -> (char) ('a' + random.nextInt(26));
          };
      text.append(c);
    }
    if (random.nextInt(10) == 0) {
      text.appendCodePoint(0x1F600);
    }
    return text.toString();
  }
}
