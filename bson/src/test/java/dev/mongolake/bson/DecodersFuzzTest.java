package dev.mongolake.bson;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonSerializationException;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonParseException;
import org.bson.json.JsonWriterSettings;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

/**
 * The bytes and text a client sends, mutated at random: the wire decoder and the bounded Extended
 * JSON reader either decode them or refuse them with their one exception type; nothing else escapes
 * (no index out of bounds, no stack overflow, no allocation of an announced size). {@code
 * -Dmongolake.fuzz.cases=N} and {@code -Dmongolake.fuzz.seed=S} as in the engine's fuzz test.
 */
class DecodersFuzzTest {

  private static final int DEFAULT_CASES = 100_000;

  private final long seed = FuzzSeed.get();
  private final int cases = Integer.getInteger("mongolake.fuzz.cases", DEFAULT_CASES);
  private final Random random = new Random(seed);

  @Test
  void mutatedBsonDecodesOrIsRefusedAsInvalidBson() {
    List<byte[]> corpus = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      // Within the decoder's nesting limit, so that each decodes back to itself unmutated.
      BsonDocument document = document(i % 8 == 0 ? 90 : 4);
      byte[] bytes = BsonBytesEncoder.encode(document);
      assertThat(BsonBytesDecoder.decode(bytes, 0, bytes.length))
          .as("an unmutated document round-trips")
          .isEqualTo(document);
      corpus.add(bytes);
    }
    corpus.add(BsonBytesEncoder.encode(document(400))); // past the limit: refused when decoded
    List<String> escaped = new ArrayList<>();
    for (int i = 0; i < cases && escaped.size() < 5; i++) {
      byte[] bytes = mutate(corpus.get(random.nextInt(corpus.size())));
      try {
        BsonBytesDecoder.decode(bytes, 0, bytes.length);
      } catch (BsonSerializationException refused) {
        // invalid, too deep or too large: what the wire layer answers with MongoDB's error
      } catch (Throwable e) {
        escaped.add("case " + i + ": " + e);
      }
    }
    assertThat(escaped).as("seed %d", seed).isEmpty();
  }

  @Test
  void mutatedExtendedJsonParsesOrIsRefused() {
    JsonWriterSettings extended =
        JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
    List<String> corpus = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      corpus.add(document(i % 8 == 0 ? 90 : 4).toJson(extended));
    }
    List<String> escaped = new ArrayList<>();
    for (int i = 0; i < cases / 4 && escaped.size() < 5; i++) {
      String text = mutate(corpus.get(random.nextInt(corpus.size())));
      try {
        BoundedJson.parseDocument(text);
      } catch (JsonParseException | BsonSerializationException refused) {
        // not JSON, not Extended JSON, or nested past the limit
      } catch (Throwable e) {
        escaped.add("case " + i + ": " + e);
      }
    }
    assertThat(escaped).as("seed %d", seed).isEmpty();
  }

  private byte[] mutate(byte[] original) {
    byte[] bytes = Arrays.copyOf(original, original.length);
    int mutations = 1 + random.nextInt(3);
    for (int m = 0; m < mutations && bytes.length > 0; m++) {
      switch (random.nextInt(4)) {
        case 0 -> bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
        case 1 -> bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length));
        case 2 -> {
          // A length prefix (of the document or of a string, binary or sub-document) made wrong.
          int at = random.nextInt(Math.max(1, bytes.length - 4));
          int length = random.nextBoolean() ? Integer.MAX_VALUE : random.nextInt();
          if (bytes.length >= at + 4) {
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(at, length);
          }
        }
        default -> bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
      }
    }
    return bytes;
  }

  private String mutate(String original) {
    if (original.isEmpty()) {
      return "{";
    }
    StringBuilder text = new StringBuilder(original);
    int at = random.nextInt(text.length());
    switch (random.nextInt(4)) {
      case 0 -> text.deleteCharAt(at);
      case 1 -> text.insert(at, "{[\"$\\:,".charAt(random.nextInt(7)));
      case 2 -> text.setLength(at);
      default -> text.insert(at, "{\"$numberLong\": \"x\"}");
    }
    return text.toString();
  }

  private BsonDocument document(int depth) {
    if (depth > 8) {
      BsonDocument inner = new BsonDocument("leaf", new BsonInt32(1));
      for (int i = 0; i < depth; i++) {
        inner = new BsonDocument("n", random.nextBoolean() ? inner : new BsonArray(List.of(inner)));
      }
      return inner;
    }
    BsonDocument document = new BsonDocument();
    int fields = 1 + random.nextInt(5);
    for (int i = 0; i < fields; i++) {
      document.put("f" + i, value(depth - 1));
    }
    return document;
  }

  private BsonValue value(int depth) {
    return switch (random.nextInt(depth > 0 ? 16 : 14)) {
      case 0 -> new BsonInt32(random.nextInt());
      case 1 -> new BsonInt64(random.nextLong());
      case 2 -> new BsonDouble(random.nextBoolean() ? Double.NaN : random.nextDouble());
      case 3 -> new BsonString(random.nextBoolean() ? "\uD83D\uDE00 é" : "text");
      case 4 -> BsonNull.VALUE;
      case 5 -> new BsonObjectId();
      case 6 -> new BsonDateTime(random.nextLong());
      case 7 -> new BsonTimestamp(random.nextLong());
      case 8 -> new BsonDecimal128(Decimal128.parse("-0.00"));
      case 9 -> new BsonBinary((byte) random.nextInt(9), new byte[random.nextInt(20)]);
      case 10 -> new BsonRegularExpression("a.*", "i");
      case 11 -> new BsonMinKey();
      case 12 -> new BsonMaxKey();
      case 13 -> new BsonString("");
      case 14 -> document(depth);
      default -> new BsonArray(List.of(value(depth - 1), value(depth - 1)));
    };
  }
}
