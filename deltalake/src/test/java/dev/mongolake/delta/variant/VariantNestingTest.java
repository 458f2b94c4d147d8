package dev.mongolake.delta.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.bson.BsonNesting;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

/** Variant and raw BSON deeper than MongoDB allows are refused before they exhaust the stack. */
class VariantNestingTest {

  // One key, "a": version 1, one-byte offsets, dictionary size 1, offsets 0 and 1.
  private static final byte[] METADATA = {0x01, 0x01, 0x00, 0x01, 'a'};

  @Test
  void aDocumentAtTheBsonLimitRoundTrips() {
    BsonDocument deep = nested(BsonNesting.MAX_DEPTH);

    EncodedVariant encoded = BsonVariantCodec.encode(deep);

    assertThat(BsonVariantCodec.decode(encoded)).isEqualTo(deep);
  }

  @Test
  void aHostileVariantNestedAHundredThousandObjectsDeepIsRefused() {
    byte[] value = nestedObjects(100_000);

    assertThatThrownBy(() -> BsonVariantCodec.decode(METADATA, value))
        .isInstanceOf(VariantCodecException.class)
        .hasMessage("Cannot decode Variant: it nests deeper than 800 levels");
  }

  @Test
  void aRawDocumentPastTheBsonLimitIsRefusedWhenMaterialized() {
    RawBsonDocument atLimit = new RawBsonDocument(nested(BsonNesting.MAX_DEPTH), codec());
    RawBsonDocument pastLimit = new RawBsonDocument(nested(BsonNesting.MAX_DEPTH + 1), codec());

    assertThat(BsonVariantCodec.materialize(atLimit)).isEqualTo(nested(BsonNesting.MAX_DEPTH));
    assertThatThrownBy(() -> BsonVariantCodec.materialize(pastLimit))
        .isInstanceOf(VariantCodecException.class)
        .hasMessage("Cannot encode document: BSONObj exceeds maximum nested object depth of 200");
  }

  private static org.bson.codecs.BsonDocumentCodec codec() {
    return new org.bson.codecs.BsonDocumentCodec();
  }

  private static BsonDocument nested(int levels) {
    BsonDocument document = new BsonDocument();
    for (int i = 0; i < levels; i++) {
      document = new BsonDocument("a", document);
    }
    return document;
  }

  /**
   * Variant objects {@code {a: {a: ... null}}}, written directly from the innermost outward: each
   * is a header (4-byte offsets, 1-byte ids), a count of 1, field id 0 and two offsets.
   */
  private static byte[] nestedObjects(int levels) {
    int objectHeader = 11;
    ByteBuffer out = ByteBuffer.allocate(levels * objectHeader + 1).order(ByteOrder.LITTLE_ENDIAN);
    for (int level = 0; level < levels; level++) {
      int child = (levels - level - 1) * objectHeader + 1;
      out.put((byte) ((0b0011 << 2) | 2)).put((byte) 1).put((byte) 0).putInt(0).putInt(child);
    }
    out.put((byte) 0); // the innermost value: a primitive null
    return out.array();
  }
}
