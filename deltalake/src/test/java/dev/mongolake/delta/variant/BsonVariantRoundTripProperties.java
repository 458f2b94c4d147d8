package dev.mongolake.delta.variant;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

class BsonVariantRoundTripProperties {

  @Property(tries = 300)
  void everyDocumentRoundTripsWithTypesAndFieldOrder(@ForAll("documents") BsonDocument document) {
    BsonDocument decoded = BsonVariantCodec.decode(BsonVariantCodec.encode(document));

    assertThat(decoded).isEqualTo(document);
    assertThat(extendedJson(decoded)).isEqualTo(extendedJson(document));
  }

  @Property(tries = 100)
  void rawBsonDocumentsEncodeLikeTheirParsedForm(@ForAll("documents") BsonDocument document) {
    RawBsonDocument raw = new RawBsonDocument(document, new BsonDocumentCodec());

    BsonDocument decoded = BsonVariantCodec.decode(BsonVariantCodec.encode(raw));

    assertThat(decoded).isEqualTo(document);
    assertThat(BsonVariantCodec.encode(raw).value())
        .isEqualTo(BsonVariantCodec.encode(document).value());
  }

  @Provide
  Arbitrary<BsonDocument> documents() {
    return BsonArbitraries.documents(3);
  }

  /**
   * BsonDocument.equals ignores field order and cannot see Int32 vs Int64 inside equal numbers'
   * JSON; canonical Extended JSON shows order and exact types at every level.
   */
  static String extendedJson(BsonDocument document) {
    return document.toJson(JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build());
  }
}
