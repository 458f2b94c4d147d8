package dev.mongolake.delta.cdc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class CDCRecordTest {

  @Test
  void recordsRoundTripThroughBsonAndBytes() {
    Random random = new Random(20261130L);
    for (int i = 0; i < 2000; i++) {
      CDCRecord.Op op = CDCRecord.Op.values()[random.nextInt(4)];
      BsonValue id = value(random, i);
      BsonDocument before =
          op == CDCRecord.Op.UPDATE || op == CDCRecord.Op.DELETE
              ? random.nextInt(4) == 0 ? null : document(random, id)
              : null;
      BsonDocument after = op == CDCRecord.Op.DELETE ? null : document(random, id);
      CDCRecord record =
          new CDCRecord(
              id, random.nextLong(), op, before, after, random.nextLong(), "db.c" + i % 3);

      assertThat(CDCRecord.fromBson(record.toBson())).isEqualTo(record);
      assertThat(CDCRecord.fromBytes(record.toBytes())).isEqualTo(record);
    }
  }

  @Test
  void bsonFormNamesEveryFieldWithTheOpLetter() {
    CDCRecord record =
        new CDCRecord(
            new BsonInt32(7),
            42,
            CDCRecord.Op.UPDATE,
            BsonDocument.parse("{_id: 7, a: 1}"),
            BsonDocument.parse("{_id: 7, a: 2}"),
            1_700_000_000_000_000_000L,
            "db.c");

    assertThat(record.toBson())
        .isEqualTo(
            BsonDocument.parse(
                "{id: 7, seq: {$numberLong: '42'}, op: 'u', before: {_id: 7, a: 1},"
                    + " after: {_id: 7, a: 2}, tsNanos: {$numberLong: '1700000000000000000'},"
                    + " source: 'db.c'}"));
    assertThat(
            new CDCRecord(new BsonInt32(1), 1, CDCRecord.Op.DELETE, null, null, 0, "s")
                .toBson()
                .get("after")
                .isNull())
        .isTrue();
  }

  @Test
  void malformedRecordsAreRejectedNamingTheField() {
    BsonDocument valid =
        new CDCRecord(
                new BsonInt32(1), 1, CDCRecord.Op.CREATE, null, BsonDocument.parse("{}"), 0, "s")
            .toBson();

    assertThatThrownBy(() -> CDCRecord.fromBson(valid.clone().append("op", new BsonString("x"))))
        .hasMessage("Cannot read change record: unknown op 'x' (expected c, u, d or r)");
    assertThatThrownBy(() -> CDCRecord.fromBson(valid.clone().append("seq", new BsonString("1"))))
        .hasMessage("Cannot read change record: seq must be an integer, got BsonString{value='1'}");
    assertThatThrownBy(() -> CDCRecord.fromBson(valid.clone().append("after", new BsonInt32(1))))
        .hasMessage(
            "Cannot read change record: after must be a document or null, got"
                + " BsonInt32{value=1}");
    assertThatThrownBy(
            () -> new CDCRecord(new BsonInt32(1), 1, CDCRecord.Op.CREATE, null, null, 0, "s"))
        .hasMessage("Cannot make a 'c' change record: it needs after and no before");
    assertThatThrownBy(
            () ->
                new CDCRecord(
                    new BsonInt32(1), 1, CDCRecord.Op.DELETE, null, new BsonDocument(), 0, "s"))
        .hasMessage("Cannot make a 'd' change record: it has an after");
  }

  private static BsonDocument document(Random random, BsonValue id) {
    BsonDocument document = new BsonDocument("_id", id);
    int fields = random.nextInt(5);
    for (int i = 0; i < fields; i++) {
      document.append("f" + i, value(random, i));
    }
    return document;
  }

  private static BsonValue value(Random random, int i) {
    return switch (random.nextInt(9)) {
      case 0 -> new BsonInt32(random.nextInt());
      case 1 -> new BsonInt64(random.nextLong());
      case 2 -> new BsonDouble(random.nextDouble());
      case 3 -> new BsonDecimal128(new Decimal128(random.nextInt()));
      case 4 -> new BsonString("s" + i);
      case 5 -> new BsonObjectId(new ObjectId());
      case 6 -> new BsonDateTime(random.nextLong());
      case 7 -> new BsonBinary(new byte[] {(byte) i, 2, 3});
      default ->
          new BsonArray(
              java.util.List.of(new BsonInt32(i), new BsonDocument("n", new BsonInt32(i))));
    };
  }
}
