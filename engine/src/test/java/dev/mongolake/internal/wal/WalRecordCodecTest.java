package dev.mongolake.internal.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.DeepBson;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonDepthException;
import dev.mongolake.internal.buffer.LazyBsonDocument;
import org.bson.BsonArray;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;

/** Log records round-trip; replayed document versions stay undecoded until read. */
class WalRecordCodecTest {

  private static final Namespace USERS = new Namespace("app", "users");

  private static BsonDocument document() {
    return new BsonDocument("_id", new BsonInt32(7))
        .append("name", new BsonString("ada"))
        .append("address", new BsonDocument("city", new BsonString("Paris")))
        .append("tags", new BsonArray(java.util.List.of(new BsonString("a"))));
  }

  @Test
  void documentVersionsAreDecodedOnlyWhenTheirFieldsAreRead() {
    WalRecord record =
        WalRecordCodec.decode(WalRecordCodec.encode(new WalRecord.Insert(USERS, document())));

    assertThat(record).isInstanceOf(WalRecord.Insert.class);
    BsonDocument replayed = ((WalRecord.Insert) record).document();
    assertThat(replayed).isInstanceOf(LazyBsonDocument.class);
    assertThat(replayed.get("_id")).isEqualTo(new BsonInt32(7));
    assertThat(((LazyBsonDocument) replayed).isDecoded()).isFalse();

    assertThat(replayed).isEqualTo(document());
    assertThat(document()).isEqualTo(replayed);
    assertThat(replayed.hashCode()).isEqualTo(document().hashCode());
    assertThat(((LazyBsonDocument) replayed).isDecoded()).isTrue();
  }

  @Test
  void copiesOfAReplayedDocumentAreOrdinaryMutableDocuments() {
    BsonDocument replayed =
        ((WalRecord.Update)
                WalRecordCodec.decode(
                    WalRecordCodec.encode(new WalRecord.Update(USERS, document()))))
            .document();

    BsonDocument copy = replayed.clone();
    copy.getDocument("address").put("zip", new BsonString("75001"));
    copy.getArray("tags").add(new BsonString("b"));

    assertThat(copy.getDocument("address").getString("zip").getValue()).isEqualTo("75001");
    assertThat(replayed).isEqualTo(document());
  }

  @Test
  void documentIdsAreOrdinaryValues() {
    BsonDocument id = new BsonDocument("a", new BsonInt32(1));
    WalRecord delete =
        WalRecordCodec.decode(WalRecordCodec.encode(new WalRecord.Delete(USERS, id)));
    assertThat(((WalRecord.Delete) delete).id()).isEqualTo(id);
    ((WalRecord.Delete) delete).id().asDocument().put("b", new BsonInt32(2));

    BsonDocument withDocumentId = new BsonDocument("_id", id.clone()).append("x", new BsonInt32(1));
    BsonDocument replayed =
        ((WalRecord.Insert)
                WalRecordCodec.decode(
                    WalRecordCodec.encode(new WalRecord.Insert(USERS, withDocumentId))))
            .document();
    assertThat(replayed.get("_id")).isEqualTo(new BsonDocument("a", new BsonInt32(1)));
    replayed.clone().getDocument("_id").put("c", new BsonInt32(3));
  }

  @Test
  void leadingIdsOfEveryCommonTypeAreReadWithoutDecoding() {
    for (org.bson.BsonValue id :
        java.util.List.<org.bson.BsonValue>of(
            new BsonInt32(-5),
            new org.bson.BsonInt64(1L << 40),
            new org.bson.BsonObjectId(new org.bson.types.ObjectId()),
            new BsonString("k"),
            new org.bson.BsonDouble(2.5))) {
      BsonDocument replayed =
          ((WalRecord.Insert)
                  WalRecordCodec.decode(
                      WalRecordCodec.encode(
                          new WalRecord.Insert(
                              USERS, new BsonDocument("_id", id).append("x", new BsonInt32(1))))))
              .document();
      assertThat(replayed.get("_id")).isEqualTo(id);
      assertThat(((LazyBsonDocument) replayed).isDecoded()).isFalse();
      assertThat(replayed.getInt32("x").getValue()).isEqualTo(1);
    }
  }

  @Test
  void bytesThatAreNotARecordAreRefused() {
    assertThatThrownBy(() -> WalRecordCodec.decode(new byte[] {1, 2, 3}))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageStartingWith("Cannot replay a write-ahead log record:");
  }

  @Test
  void aCraftedRecordNestedAHundredThousandLevelsIsRefusedAsInvalidBson() {
    BsonDocument delete =
        new BsonDocument("op", new BsonString("d")).append("ns", new BsonString("app.users"));
    BsonDocument create =
        new BsonDocument("op", new BsonString("ci")).append("ns", new BsonString("app.users"));

    for (byte[] crafted :
        java.util.List.of(
            DeepBson.withNestedField(delete, "id", 100_000),
            DeepBson.withNestedField(create, "spec", 100_000))) {
      assertThatThrownBy(() -> WalRecordCodec.decode(crafted))
          .isInstanceOf(MongoLakeException.class)
          .hasMessageStartingWith(
              "Cannot replay a write-ahead log record: it is not valid BSON: Cannot decode BSON:"
                  + " BSONObj exceeds maximum nested object depth of 200");
    }
  }

  @Test
  void aCraftedDocumentVersionNestedTooDeepFailsClearlyWhenRead() {
    BsonDocument insert =
        new BsonDocument("op", new BsonString("i")).append("ns", new BsonString("app.users"));
    byte[] crafted = DeepBson.withNestedField(insert, "doc", 100_000);

    BsonDocument replayed = ((WalRecord.Insert) WalRecordCodec.decode(crafted)).document();

    assertThatThrownBy(replayed::keySet)
        .isInstanceOf(BsonDepthException.class)
        .hasMessageStartingWith(
            "Cannot decode BSON: BSONObj exceeds maximum nested object depth of 200");
  }

  @Test
  void collectionOptionsRoundTrip() {
    BsonDocument options =
        BsonDocument.parse(
            "{validator: {$jsonSchema: {required: ['a']}}, validationLevel: 'moderate'}");
    WalRecord record =
        WalRecordCodec.decode(
            WalRecordCodec.encode(new WalRecord.ModifyCollection(USERS, options)));

    assertThat(record).isEqualTo(new WalRecord.ModifyCollection(USERS, options));
  }

  @Test
  void aRenameRoundTripsAcrossDatabases() {
    WalRecord rename =
        new WalRecord.RenameCollection(
            new Namespace("app", "orders.2025"), new Namespace("archive", "orders"), true);

    assertThat(WalRecordCodec.decode(WalRecordCodec.encode(rename))).isEqualTo(rename);
  }

  @Test
  void aRenameWithoutDropTargetReadsAsFalse() {
    byte[] bytes = bson("{op: 'rename', ns: 'app.a', to: 'app.b'}");

    assertThat(WalRecordCodec.decode(bytes))
        .isEqualTo(
            new WalRecord.RenameCollection(
                new Namespace("app", "a"), new Namespace("app", "b"), false));
  }

  @Test
  void aRenameWithoutTargetIsRefused() {
    assertThatThrownBy(() -> WalRecordCodec.decode(bson("{op: 'rename', ns: 'app.a'}")))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage("Cannot replay a write-ahead log record: a rename lacks 'to'");
  }

  private static byte[] bson(String json) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      new BsonDocumentCodec()
          .encode(writer, BsonDocument.parse(json), EncoderContext.builder().build());
    }
    return buffer.toByteArray();
  }

  @Test
  void anUpdateCarriesWhatItChangedAndAnUpdateWrittenWithoutItStillDecodes() {
    Namespace ns = Namespace.parse("app.users");
    BsonDocument version = BsonDocument.parse("{_id: 1, n: 2}");
    BsonDocument description =
        BsonDocument.parse("{updatedFields: {n: 2}, removedFields: [], truncatedArrays: []}");
    WalRecord.Update decoded =
        (WalRecord.Update)
            WalRecordCodec.decode(
                WalRecordCodec.encode(new WalRecord.Update(ns, version, description)));
    assertThat(decoded.document()).isEqualTo(version);
    assertThat(decoded.description()).isEqualTo(description);

    BsonDocument older =
        new BsonDocument("op", new BsonString("u"))
            .append("ns", new BsonString("app.users"))
            .append("doc", version);
    WalRecord.Update old = (WalRecord.Update) WalRecordCodec.decode(bytesOf(older));
    assertThat(old.document()).isEqualTo(version);
    assertThat(old.description()).isNull();
  }

  @Test
  void catalogRecordsCarryTheCollectionUuidAndWhatTheyReplacedAndOlderOnesStillDecode() {
    java.util.UUID uuid = java.util.UUID.fromString("98046a1a-b649-4e5b-9c75-67594221ce19");
    BsonDocument options = BsonDocument.parse("{validationLevel: 'moderate'}");
    BsonDocument before = BsonDocument.parse("{validationLevel: 'strict'}");
    BsonDocument spec = BsonDocument.parse("{v: 2, key: {x: 1}, name: 'x_1'}");
    BsonDocument hidden = BsonDocument.parse("{v: 2, key: {x: 1}, name: 'x_1', hidden: true}");

    assertThat(
            WalRecordCodec.decode(
                WalRecordCodec.encode(new WalRecord.CreateCollection(USERS, options, uuid))))
        .isEqualTo(new WalRecord.CreateCollection(USERS, options, uuid));
    assertThat(
            WalRecordCodec.decode(
                WalRecordCodec.encode(new WalRecord.ModifyCollection(USERS, options, before))))
        .isEqualTo(new WalRecord.ModifyCollection(USERS, options, before));
    assertThat(
            WalRecordCodec.decode(
                WalRecordCodec.encode(new WalRecord.CreateIndex(USERS, hidden, spec))))
        .isEqualTo(new WalRecord.CreateIndex(USERS, hidden, spec));
    assertThat(
            WalRecordCodec.decode(
                WalRecordCodec.encode(new WalRecord.DropIndex(USERS, "x_1", spec))))
        .isEqualTo(new WalRecord.DropIndex(USERS, "x_1", spec));

    // Records written before these fields existed.
    assertThat(WalRecordCodec.decode(bson("{op: 'create', ns: 'app.users', options: {}}")))
        .isEqualTo(new WalRecord.CreateCollection(USERS, new BsonDocument(), null));
    assertThat(
            WalRecordCodec.decode(
                bson("{op: 'mod', ns: 'app.users', options: {validationLevel: 'moderate'}}")))
        .isEqualTo(new WalRecord.ModifyCollection(USERS, options, null));
    assertThat(
            WalRecordCodec.decode(
                bson("{op: 'ci', ns: 'app.users', spec: {v: 2, key: {x: 1}, name: 'x_1'}}")))
        .isEqualTo(new WalRecord.CreateIndex(USERS, spec, null));
    assertThat(WalRecordCodec.decode(bson("{op: 'di', ns: 'app.users', name: 'x_1'}")))
        .isEqualTo(new WalRecord.DropIndex(USERS, "x_1", null));
  }

  @Test
  void aCreateWhoseUiIsNoUuidIsRefused() {
    assertThatThrownBy(
            () ->
                WalRecordCodec.decode(
                    bson("{op: 'create', ns: 'app.users', options: {}, ui: 'not a uuid'}")))
        .isInstanceOf(dev.mongolake.MongoLakeException.class)
        .hasMessageContaining("'ui' is not a UUID");
  }

  private static byte[] bytesOf(BsonDocument document) {
    BasicOutputBuffer out = new BasicOutputBuffer();
    new BsonDocumentCodec()
        .encode(new BsonBinaryWriter(out), document, EncoderContext.builder().build());
    return out.toByteArray();
  }
}
