package dev.mongolake.internal.changestream;

import dev.mongolake.Namespace;
import dev.mongolake.internal.wal.WalRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;

/**
 * Turns log records into MongoDB change events for one {@link ChangeStreamScope}: {@code insert},
 * {@code update}, {@code replace}, {@code delete}, {@code drop}, {@code rename}, and the {@code
 * invalidate} that ends a collection's stream when the collection is dropped or renamed. Index and
 * collection-option records are no events (MongoDB shows them only with {@code showExpandedEvents},
 * which is refused).
 */
public final class ChangeEvents {

  private final ChangeStreamScope scope;
  private final boolean lookUpUpdates;
  private final BiFunction<Namespace, BsonValue, BsonDocument> lookup;

  /**
   * @param lookUpUpdates whether update events carry the document as it is now ({@code
   *     fullDocument: "updateLookup"})
   * @param lookup the current document of a collection by {@code _id}, or null for none
   */
  public ChangeEvents(
      ChangeStreamScope scope,
      boolean lookUpUpdates,
      BiFunction<Namespace, BsonValue, BsonDocument> lookup) {
    this.scope = scope;
    this.lookUpUpdates = lookUpUpdates;
    this.lookup = lookup;
  }

  /** The events of the record at {@code sequence} with log time {@code time}, in order. */
  public List<BsonDocument> of(WalRecord record, long sequence, long time) {
    if (record instanceof WalRecord.Retryable retryable) {
      return of(retryable.change(), sequence, time);
    }
    if (record instanceof WalRecord.Transaction transaction) {
      return ofTransaction(transaction, sequence, time);
    }
    List<BsonDocument> events = new ArrayList<>(2);
    Namespace ns = record.namespace();
    boolean renamedIn =
        record instanceof WalRecord.RenameCollection rename && scope.watches(rename.target());
    if (!scope.watches(ns) && !renamedIn) {
      return events;
    }
    BsonDocument event = event(record, ns, new ResumeToken(time, sequence, false), time);
    if (event != null) {
      events.add(event);
    }
    boolean ends =
        scope.isCollection()
            && scope.watches(ns)
            && (record instanceof WalRecord.DropCollection
                || record instanceof WalRecord.RenameCollection);
    if (ends) {
      events.add(header("invalidate", new ResumeToken(time, sequence, true), time));
    }
    return events;
  }

  /**
   * A transaction's events, one per change, all at the record's cluster time, each with the session
   * and transaction number as MongoDB's carry them, in the order the transaction made them.
   */
  private List<BsonDocument> ofTransaction(
      WalRecord.Transaction transaction, long sequence, long time) {
    List<BsonDocument> events = new ArrayList<>();
    List<WalRecord> changes = transaction.changes();
    for (int i = 0; i < changes.size(); i++) {
      WalRecord change = changes.get(i);
      if (!scope.watches(change.namespace())) {
        continue;
      }
      BsonDocument event =
          event(change, change.namespace(), new ResumeToken(time, sequence, false, i), time);
      if (event == null) {
        continue;
      }
      event.append("txnNumber", new org.bson.BsonInt64(transaction.txnNumber()));
      if (transaction.session() != null) {
        event.append(
            "lsid", new BsonDocument("id", new org.bson.BsonBinary(transaction.session())));
      }
      events.add(event);
    }
    return events;
  }

  private BsonDocument event(WalRecord record, Namespace ns, ResumeToken token, long time) {
    return switch (record) {
      case WalRecord.Insert insert ->
          documentEvent("insert", token, time, ns, insert.document())
              .append("fullDocument", insert.document());
      case WalRecord.Replace replace ->
          documentEvent("replace", token, time, ns, replace.document())
              .append("fullDocument", replace.document());
      case WalRecord.Update update -> update(update, token, time, ns);
      case WalRecord.Delete delete ->
          header("delete", token, time)
              .append("ns", ns(ns))
              .append("documentKey", new BsonDocument("_id", delete.id()));
      case WalRecord.DropCollection drop -> header("drop", token, time).append("ns", ns(ns));
      case WalRecord.RenameCollection rename ->
          header("rename", token, time).append("ns", ns(ns)).append("to", ns(rename.target()));
      default -> null;
    };
  }

  private BsonDocument update(WalRecord.Update update, ResumeToken token, long time, Namespace ns) {
    BsonDocument event = documentEvent("update", token, time, ns, update.document());
    event.append(
        "updateDescription",
        update.description() != null
            ? update.description()
            : unknownDescription(update.document()));
    if (lookUpUpdates) {
      BsonDocument current = lookup == null ? null : lookup.apply(ns, update.document().get("_id"));
      event.append("fullDocument", current == null ? BsonNull.VALUE : current);
    }
    return event;
  }

  /**
   * A record written before updates carried their description: the whole new version, every field
   * but {@code _id} reported as updated (true, if more than changed).
   */
  private static BsonDocument unknownDescription(BsonDocument document) {
    BsonDocument fields = new BsonDocument();
    document.forEach(
        (name, value) -> {
          if (!name.equals("_id")) {
            fields.append(name, value);
          }
        });
    return new BsonDocument("updatedFields", fields)
        .append("removedFields", new org.bson.BsonArray())
        .append("truncatedArrays", new org.bson.BsonArray());
  }

  private static BsonDocument documentEvent(
      String type, ResumeToken token, long time, Namespace ns, BsonDocument document) {
    return header(type, token, time)
        .append("ns", ns(ns))
        .append("documentKey", new BsonDocument("_id", document.get("_id")));
  }

  private static BsonDocument header(String type, ResumeToken token, long time) {
    BsonTimestamp clusterTime = new BsonTimestamp(time);
    return new BsonDocument("_id", token.toDocument())
        .append("operationType", new BsonString(type))
        .append("clusterTime", clusterTime)
        // The log time's seconds are the wall clock's at the write.
        .append("wallTime", new BsonDateTime(clusterTime.getTime() * 1000L));
  }

  private static BsonDocument ns(Namespace ns) {
    return new BsonDocument("db", new BsonString(ns.database()))
        .append("coll", new BsonString(ns.collection()));
  }
}
