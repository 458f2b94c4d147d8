package dev.mongolake.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.List;
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
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class DocumentChecksTest {

  private static BsonDocument everyType() {
    return new BsonDocument("_id", new BsonObjectId(new ObjectId()))
        .append("ascii", new BsonString("plain"))
        .append("wide", new BsonString("\u00e9\u4e2d\ud83d\ude00"))
        .append("\u4e2d\u6587", new BsonInt32(1))
        .append("long", new BsonInt64(1L << 40))
        .append("double", new BsonDouble(0.5))
        .append("decimal", new BsonDecimal128(Decimal128.parse("1.5")))
        .append("bool", BsonBoolean.TRUE)
        .append("date", new BsonDateTime(0))
        .append("ts", new BsonTimestamp(1, 2))
        .append("null", BsonNull.VALUE)
        .append("undefined", new BsonUndefined())
        .append("min", new BsonMinKey())
        .append("max", new BsonMaxKey())
        .append("binary", new BsonBinary(new byte[] {1, 2, 3}))
        .append("regex", new BsonRegularExpression("^a.*\u00e9", "i"))
        .append("symbol", new BsonSymbol("sym"))
        .append("code", new BsonJavaScript("f()"))
        .append(
            "scoped", new BsonJavaScriptWithScope("g()", new BsonDocument("x", new BsonInt32(1))))
        .append("pointer", new BsonDbPointer("db.coll", new ObjectId()))
        .append(
            "nested",
            new BsonDocument(
                "array",
                new BsonArray(
                    List.of(
                        new BsonString("\ud83d\ude00"),
                        new BsonDocument("deep", new BsonArray(List.of(new BsonInt32(7))))))));
  }

  @Test
  void theSizeBoundIsNeverBelowTheEncodedSize() {
    BsonDocument document = everyType();
    BsonArray many = new BsonArray();
    for (int i = 0; i < 1_500; i++) {
      many.add(new BsonInt32(i));
    }
    BsonDocument withLongArray = new BsonDocument("_id", new BsonInt32(1)).append("a", many);

    for (BsonDocument each : List.of(document, withLongArray, new BsonDocument())) {
      assertThat(DocumentChecks.sizeBound(each))
          .isGreaterThanOrEqualTo(DocumentChecks.encodedSize(each));
      RawBsonDocument raw = new RawBsonDocument(each, new BsonDocumentCodec());
      assertThat(DocumentChecks.sizeBound(raw)).isEqualTo(DocumentChecks.encodedSize(each));
    }
  }

  @Test
  void aDocumentOverTheLimitIsRefusedWithItsExactSize() {
    BsonDocument big =
        new BsonDocument("_id", new BsonInt32(1))
            .append("text", new BsonString("x".repeat(DocumentChecks.MAX_DOCUMENT_BYTES)));

    assertThatThrownBy(() -> DocumentChecks.prepareForInsert(big))
        .isInstanceOf(MongoLakeException.class)
        .satisfies(
            e ->
                assertThat(((MongoLakeException) e).errorCode())
                    .isEqualTo(ErrorCode.BSON_OBJECT_TOO_LARGE))
        .hasMessage(
            "object to insert too large. size in bytes: "
                + DocumentChecks.encodedSize(big)
                + ", max size: "
                + DocumentChecks.MAX_DOCUMENT_BYTES);
  }

  @Test
  void aDocumentWhoseBoundPassesTheLimitButWhoseBytesDoNotIsAccepted() {
    // Six MiB of two-byte characters: bounded at 18 MiB, encoded in 12 MiB.
    BsonDocument wide =
        new BsonDocument("_id", new BsonInt32(1))
            .append("text", new BsonString("\u00e9".repeat(6 * 1024 * 1024)));
    assertThat(DocumentChecks.sizeBound(wide)).isGreaterThan(DocumentChecks.MAX_DOCUMENT_BYTES);

    assertThat(DocumentChecks.prepareForInsert(wide).getString("text").getValue()).hasSize(6 << 20);
  }

  @Test
  void aRawDocumentIsHeldToAHundredLevelsWithoutOrgBsonsUnboundedDecoding() {
    BsonDocument levels = new BsonDocument("x", new BsonInt32(1));
    for (int i = 1; i < 101; i++) {
      levels = new BsonDocument("_id", new BsonInt32(i)).append("a", levels);
    }
    RawBsonDocument tooDeep = new RawBsonDocument(levels, new BsonDocumentCodec());
    RawBsonDocument hostile =
        new RawBsonDocument(
            dev.mongolake.DeepBson.withNestedField(
                new BsonDocument("_id", new BsonInt32(1)), "a", 100_000));

    for (BsonDocument each : List.of(tooDeep, hostile)) {
      assertThatThrownBy(() -> DocumentChecks.check(each))
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.OVERFLOW))
          .hasMessage("Document exceeds maximum nesting depth of 100");
    }
    DocumentChecks.check(new RawBsonDocument(levels.getDocument("a"), new BsonDocumentCodec()));
  }
}
