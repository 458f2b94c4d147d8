package dev.mongolake.internal.wal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * A {@link StatementMark} as a record's {@code stmt} field: {@code {lsid: UUID, txn: long, id: int,
 * image?: document}}.
 */
final class StatementMarkCodec {

  private StatementMarkCodec() {}

  static BsonDocument encode(StatementMark mark) {
    BsonDocument out =
        new BsonDocument("lsid", new BsonBinary(mark.session()))
            .append("txn", new BsonInt64(mark.txnNumber()))
            .append("id", new BsonInt32(mark.stmtId()));
    if (mark.image() != null) {
      out.append("image", mark.image());
    }
    return out;
  }

  static StatementMark decode(BsonDocument in) {
    if (!(in.get("lsid") instanceof BsonBinary lsid)
        || lsid.getType() != BsonBinarySubType.UUID_STANDARD.getValue()
        || !(in.get("txn") instanceof BsonInt64 txn)
        || !(in.get("id") instanceof BsonInt32 id)) {
      throw new MongoLakeException(
          ErrorCode.INTERNAL_ERROR,
          "Cannot replay a write-ahead log record: its retryable statement lacks lsid, txn or id");
    }
    BsonValue image = in.get("image");
    return new StatementMark(
        lsid.asUuid(),
        txn.getValue(),
        id.getValue(),
        image instanceof BsonDocument document ? document : null);
  }
}
