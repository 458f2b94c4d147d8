package dev.mongolake.delta.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;

/** Seeded randomized round trips of generated documents through the variant codec. */
class BsonVariantRoundTripTest {
  private static final long ROUND_TRIP_SEED = 0x5EED_0B50_7A41L;
  private static final long RAW_SEED = 0x5EED_0B50_7A42L;
  private static final long DECIMAL_SEED = 0x5EED_0B50_7A43L;
  private static final int DEPTH = 3;

  @Test
  void everyGeneratedDocumentRoundTripsWithTypesAndFieldOrder() {
    Random random = new Random(ROUND_TRIP_SEED);
    for (int i = 0; i < 300; i++) {
      int index = i;
      BsonDocument document = RandomBson.document(random, DEPTH);

      BsonDocument decoded = BsonVariantCodec.decode(BsonVariantCodec.encode(document));

      assertThat(decoded).as(() -> failure(ROUND_TRIP_SEED, index, document)).isEqualTo(document);
      assertThat(extendedJson(decoded))
          .as(() -> failure(ROUND_TRIP_SEED, index, document))
          .isEqualTo(extendedJson(document));
    }
  }

  @Test
  void rawBsonDocumentsEncodeLikeTheirParsedForm() {
    Random random = new Random(RAW_SEED);
    for (int i = 0; i < 100; i++) {
      int index = i;
      BsonDocument document = RandomBson.document(random, DEPTH);
      RawBsonDocument raw = new RawBsonDocument(document, new BsonDocumentCodec());

      EncodedVariant fromRaw = BsonVariantCodec.encode(raw);
      EncodedVariant fromParsed = BsonVariantCodec.encode(document);
      BsonDocument decoded = BsonVariantCodec.decode(fromRaw);

      assertThat(decoded).as(() -> failure(RAW_SEED, index, document)).isEqualTo(document);
      assertThat(extendedJson(decoded))
          .as(() -> failure(RAW_SEED, index, document))
          .isEqualTo(extendedJson(document));
      assertThat(fromRaw.value())
          .as(() -> failure(RAW_SEED, index, document))
          .isEqualTo(fromParsed.value());
      assertThat(fromRaw.metadata())
          .as(() -> failure(RAW_SEED, index, document))
          .isEqualTo(fromParsed.metadata());
    }
  }

  @Test
  void decimalsWithOversizedCoefficientsRoundTrip() {
    Random random = new Random(DECIMAL_SEED);
    for (int i = 0; i < 100; i++) {
      int index = i;
      BsonDocument document =
          new BsonDocument("d", RandomBson.decimalWithOversizedCoefficient(random));

      BsonDocument decoded = BsonVariantCodec.decode(BsonVariantCodec.encode(document));

      assertThat(decoded).as(() -> failure(DECIMAL_SEED, index, document)).isEqualTo(document);
    }
  }

  private static String failure(long seed, int index, BsonDocument document) {
    return "seed 0x%X, case %d: %s".formatted(seed, index, extendedJson(document));
  }

  /**
   * BsonDocument.equals ignores field order and cannot see Int32 vs Int64 inside equal numbers'
   * JSON; canonical Extended JSON shows order and exact types at every level.
   */
  static String extendedJson(BsonDocument document) {
    return document.toJson(JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build());
  }
}
