package dev.mongolake.delta.variant;

import static dev.mongolake.delta.variant.BsonVariantRoundTripTest.extendedJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.parquet.variant.Variant;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class BsonVariantCodecTest {

  @Test
  void everyBsonTypeRoundTripsExactly() {
    BsonDocument document =
        BsonDocument.parse(
            """
            {"_id": {"$oid": "65a1b2c3d4e5f60718293a4b"},
             "int": {"$numberInt": "7"}, "long": {"$numberLong": "7"}, "double": 7.0,
             "nan": {"$numberDouble": "NaN"}, "negZero": {"$numberDouble": "-0.0"},
             "dec": {"$numberDecimal": "1.50"}, "decNaN": {"$numberDecimal": "NaN"},
             "decNegZero": {"$numberDecimal": "-0"}, "decBigExp": {"$numberDecimal": "1E+300"},
             "date": {"$date": {"$numberLong": "1700000000123"}},
             "farDate": {"$date": {"$numberLong": "9223372036854775807"}},
             "ts": {"$timestamp": {"t": 4294967295, "i": 1}},
             "bin": {"$binary": {"base64": "AQID", "subType": "00"}},
             "uuid": {"$binary": {"base64": "AAECAwQFBgcICQoLDA0ODw==", "subType": "04"}},
             "shortUuid": {"$binary": {"base64": "AQID", "subType": "04"}},
             "userBin": {"$binary": {"base64": "AQID", "subType": "80"}},
             "regex": {"$regularExpression": {"pattern": "^a.*", "options": "im"}},
             "code": {"$code": "function() {}"},
             "codeScope": {"$code": "x", "$scope": {"x": 1}},
             "symbol": {"$symbol": "sym"},
             "ptr": {"$dbPointer": {"$ref": "db.c", "$id": {"$oid": "65a1b2c3d4e5f60718293a4b"}}},
             "undef": {"$undefined": true}, "min": {"$minKey": 1}, "max": {"$maxKey": 1},
             "null": null, "t": true, "f": false, "nul": "a\\u0000b",
             "nested": {"z": 1, "a": [1, "two", {"k": null}, []]}, "empty": {}}
            """);

    BsonDocument decoded = roundTrip(document);

    assertThat(decoded).isEqualTo(document);
    assertThat(extendedJson(decoded)).isEqualTo(extendedJson(document));
  }

  @Test
  void fieldOrderSurvivesAlthoughVariantSortsKeys() {
    BsonDocument document =
        new BsonDocument("zeta", new BsonInt32(1))
            .append("alpha", new BsonInt32(2))
            .append("Mid", new BsonDocument("y", new BsonInt32(1)).append("b", new BsonInt32(2)));

    BsonDocument decoded = roundTrip(document);

    assertThat(decoded.keySet()).containsExactly("zeta", "alpha", "Mid");
    assertThat(decoded.getDocument("Mid").keySet()).containsExactly("y", "b");
  }

  @Test
  void documentsShapedLikeWrappersAreEscaped() {
    BsonDocument document =
        new BsonDocument("looksLikeOid", new BsonDocument("$oid", new BsonString("not hex")))
            .append("escape", new BsonDocument("$document", new BsonInt32(1)))
            .append(
                "twoKeys",
                new BsonDocument("$oid", new BsonInt32(1)).append("x", new BsonInt32(2)));

    BsonDocument decoded = roundTrip(document);

    assertThat(extendedJson(decoded)).isEqualTo(extendedJson(document));
  }

  @Test
  void wideAndLargeValuesUseWiderOffsets() {
    BsonDocument wide = new BsonDocument();
    List<BsonValue> longArray = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      wide.append("f" + (299 - i), new BsonString("v".repeat(i)));
      longArray.add(new BsonInt64(i));
    }
    wide.append("array", new BsonArray(longArray));
    wide.append("big", new BsonBinary(new byte[70_000]));

    BsonDocument decoded = roundTrip(wide);

    assertThat(extendedJson(decoded)).isEqualTo(extendedJson(wide));
  }

  @Test
  void duplicateKeysInARawDocumentAreRejectedByName() {
    RawBsonDocument raw = duplicateKeyDocument();

    assertThatThrownBy(() -> BsonVariantCodec.encode(raw))
        .isInstanceOf(VariantCodecException.class)
        .hasMessage("Cannot encode document: duplicate key 'a'");
  }

  @Test
  void malformedBytesFailWithACodecException() {
    EncodedVariant good = BsonVariantCodec.encode(new BsonDocument("a", new BsonString("x")));
    byte[] truncated = java.util.Arrays.copyOf(good.value(), 3);

    assertThatThrownBy(() -> BsonVariantCodec.decode(good.metadata(), truncated))
        .isInstanceOf(VariantCodecException.class)
        .hasMessageStartingWith("Cannot decode Variant: malformed bytes");
  }

  @Test
  void anIndependentVariantReaderSeesNativeTypes() {
    ObjectId id = new ObjectId("65a1b2c3d4e5f60718293a4b");
    UUID uuid = UUID.fromString("00010203-0405-0607-0809-0a0b0c0d0e0f");
    BsonDocument document =
        new BsonDocument("name", new BsonString("Ada"))
            .append("age", new BsonInt32(36))
            .append("visits", new BsonInt64(1L << 40))
            .append("score", new BsonDouble(2.5))
            .append("price", new BsonDecimal128(Decimal128.parse("12.34")))
            .append("at", new BsonDateTime(1_700_000_000_123L))
            .append("uuid", new BsonBinary(uuid))
            .append("_id", new BsonObjectId(id))
            .append("min", new BsonMinKey())
            .append("zz", new BsonMaxKey());
    EncodedVariant encoded = BsonVariantCodec.encode(document);

    Variant variant = new Variant(encoded.value(), encoded.metadata());

    assertThat(variant.getFieldByKey("name").getString()).isEqualTo("Ada");
    assertThat(variant.getFieldByKey("age").getType()).isEqualTo(Variant.Type.INT);
    assertThat(variant.getFieldByKey("age").getInt()).isEqualTo(36);
    assertThat(variant.getFieldByKey("visits").getLong()).isEqualTo(1L << 40);
    assertThat(variant.getFieldByKey("score").getDouble()).isEqualTo(2.5);
    assertThat(variant.getFieldByKey("price").getDecimal()).isEqualByComparingTo("12.34");
    assertThat(variant.getFieldByKey("at").getType()).isEqualTo(Variant.Type.TIMESTAMP_TZ);
    assertThat(variant.getFieldByKey("at").getLong()).isEqualTo(1_700_000_000_123_000L);
    assertThat(variant.getFieldByKey("uuid").getUUID()).isEqualTo(uuid);
    assertThat(variant.getFieldByKey("_id").getFieldByKey("$oid").getString())
        .isEqualTo(id.toHexString());
    assertThat(variant.getFieldAtIndex(0).key).isEqualTo("_id");
    assertThat(variant.getFieldByKey("missing")).isNull();
  }

  @Test
  void binarySubtypeFourOfSixteenBytesIsAVariantUuid() {
    BsonBinary uuid = new BsonBinary(BsonBinarySubType.UUID_STANDARD, new byte[16]);
    EncodedVariant encoded = BsonVariantCodec.encode(new BsonDocument("u", uuid));

    Variant variant = new Variant(encoded.value(), encoded.metadata());

    assertThat(variant.getFieldByKey("u").getType()).isEqualTo(Variant.Type.UUID);
    assertThat(roundTrip(new BsonDocument("u", uuid)).getBinary("u")).isEqualTo(uuid);
  }

  private static BsonDocument roundTrip(BsonDocument document) {
    return BsonVariantCodec.decode(BsonVariantCodec.encode(document));
  }

  /** {a: 1, a: 2}: BsonDocument cannot hold it, raw BSON bytes can. */
  private static RawBsonDocument duplicateKeyDocument() {
    ByteBuffer bytes = ByteBuffer.allocate(19).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    bytes.putInt(19);
    bytes.put((byte) 0x10).put((byte) 'a').put((byte) 0).putInt(1);
    bytes.put((byte) 0x10).put((byte) 'a').put((byte) 0).putInt(2);
    bytes.put((byte) 0);
    return new RawBsonDocument(bytes.array());
  }
}
