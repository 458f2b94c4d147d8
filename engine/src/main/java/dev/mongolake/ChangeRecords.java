package dev.mongolake;

import dev.mongolake.delta.cdc.CDCRecord;
import dev.mongolake.internal.changestream.ResumeToken;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * Change events as deltalake's change-data-capture records ({@code _id _seq _op _before _after _ts
 * _source}): an {@code insert} is a create, an {@code update} or {@code replace} an update, a
 * {@code delete} a delete; {@code _seq} is the event's log sequence, {@code _ts} its cluster time's
 * second, {@code _source} {@code db.collection}. The document before comes from {@code
 * fullDocumentBeforeChange} (a stream opened with it, on a collection that keeps pre-images); an
 * update's document after from {@code fullDocument} (a stream opened with {@code whenAvailable},
 * {@code required} or {@code updateLookup}).
 */
public final class ChangeRecords {

  private ChangeRecords() {}

  /**
   * The record of a document event; empty for the other events ({@code drop}, {@code rename},
   * {@code invalidate}), which change no document.
   *
   * @throws IllegalArgumentException for an update event without its document after (the stream did
   *     not ask for it) or an event this server did not make
   */
  public static Optional<CDCRecord> of(BsonDocument event) {
    String type = event.getString("operationType").getValue();
    CDCRecord.Op op =
        switch (type) {
          case "insert" -> CDCRecord.Op.CREATE;
          case "update", "replace" -> CDCRecord.Op.UPDATE;
          case "delete" -> CDCRecord.Op.DELETE;
          default -> null;
        };
    if (op == null) {
      return Optional.empty();
    }
    BsonValue id = event.getDocument("documentKey").get("_id");
    BsonDocument after = op == CDCRecord.Op.DELETE ? null : document(event, "fullDocument");
    if (op != CDCRecord.Op.DELETE && after == null) {
      throw new IllegalArgumentException(
          "Cannot make a change record of an "
              + type
              + " event without its document: open the stream with fullDocument 'whenAvailable',"
              + " 'required' or 'updateLookup'");
    }
    BsonDocument before =
        op == CDCRecord.Op.CREATE ? null : document(event, "fullDocumentBeforeChange");
    ResumeToken token = ResumeToken.parse(event.getDocument("_id"), "_id");
    BsonTimestamp time = event.getTimestamp("clusterTime");
    BsonDocument ns = event.getDocument("ns");
    String source = ns.getString("db").getValue() + "." + ns.getString("coll").getValue();
    return Optional.of(
        new CDCRecord(
            id, token.sequence(), op, before, after, time.getTime() * 1_000_000_000L, source));
  }

  private static BsonDocument document(BsonDocument event, String field) {
    return event.get(field) instanceof BsonDocument document ? document : null;
  }
}
