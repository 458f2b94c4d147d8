package dev.mongolake.internal.changestream;

import dev.mongolake.ChangeStreamOptions.FullDocument;
import dev.mongolake.ChangeStreamOptions.FullDocumentBeforeChange;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.internal.wal.CollectionIdentities;
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
 * invalidate} that ends a collection's stream when the collection is dropped or renamed. With
 * {@code showExpandedEvents} (see {@link #expanded}) also {@code create}, {@code createIndexes},
 * {@code dropIndexes} and {@code modify} (a {@code collMod}), every event of a collection carries
 * its {@code collectionUUID} where the log tells it (see {@link CollectionIdentities}), and a
 * rename carries its {@code operationDescription}; without it, index and collection-option records
 * are no events.
 *
 * <p>Not thread-safe: one stream, reading its records in log order.
 */
public final class ChangeEvents {

  private final ChangeStreamScope scope;
  private final FullDocument fullDocument;
  private final FullDocumentBeforeChange beforeChange;
  private final BiFunction<Namespace, BsonValue, BsonDocument> lookup;
  private boolean expanded;
  private CollectionIdentities identities;

  /**
   * @param lookUpUpdates whether update events carry the document as it is now ({@code
   *     fullDocument: "updateLookup"})
   * @param lookup the current document of a collection by {@code _id}, or null for none
   */
  public ChangeEvents(
      ChangeStreamScope scope,
      boolean lookUpUpdates,
      BiFunction<Namespace, BsonValue, BsonDocument> lookup) {
    this(
        scope,
        lookUpUpdates ? FullDocument.UPDATE_LOOKUP : FullDocument.DEFAULT,
        FullDocumentBeforeChange.OFF,
        lookup);
  }

  /**
   * @param fullDocument what update events carry as {@code fullDocument}: the current document
   *     ({@code updateLookup}) or the record's post-image ({@code whenAvailable}, {@code required})
   * @param beforeChange what update, replace and delete events carry as {@code
   *     fullDocumentBeforeChange}: the record's pre-image
   * @param lookup the current document of a collection by {@code _id}, or null for none
   */
  public ChangeEvents(
      ChangeStreamScope scope,
      FullDocument fullDocument,
      FullDocumentBeforeChange beforeChange,
      BiFunction<Namespace, BsonValue, BsonDocument> lookup) {
    this.scope = scope;
    this.fullDocument = fullDocument;
    this.beforeChange = beforeChange;
    this.lookup = lookup;
  }

  /**
   * These events as {@code showExpandedEvents} shapes them: also catalog events, and collection
   * identities from {@link #identifiedBy} (none until then). Returns this.
   */
  public ChangeEvents expanded() {
    this.expanded = true;
    return this;
  }

  /** Whether the stream shows expanded events. */
  public boolean isExpanded() {
    return expanded;
  }

  /**
   * Names collections by the identities {@code identities} follows from the stream's position on
   * (every record read is taken in). Returns this.
   */
  public ChangeEvents identifiedBy(CollectionIdentities identities) {
    this.identities = identities;
    return this;
  }

  /** The events of the record at {@code sequence} with log time {@code time}, in order. */
  public List<BsonDocument> of(WalRecord record, long sequence, long time) {
    List<BsonDocument> events = eventsOf(record, sequence, time);
    if (identities != null) {
      identities.follow(record, sequence);
    }
    return events;
  }

  private List<BsonDocument> eventsOf(WalRecord record, long sequence, long time) {
    if (record instanceof WalRecord.Retryable retryable) {
      return eventsOf(retryable.change(), sequence, time);
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
    boolean dropsDatabase =
        record instanceof WalRecord.DropCollection drop
            && drop.endsDatabase()
            && !scope.isCollection();
    // A record with a dropDatabase after its drop numbers its events, so that a stream can resume
    // between them.
    BsonDocument event =
        event(record, ns, new ResumeToken(time, sequence, false, dropsDatabase ? 0 : -1), time);
    if (event != null) {
      events.add(event);
    }
    if (dropsDatabase) {
      events.add(
          header("dropDatabase", new ResumeToken(time, sequence, false, 1), time)
              .append("ns", new BsonDocument("db", new BsonString(ns.database()))));
    }
    boolean ends =
        (scope.isCollection()
                && scope.watches(ns)
                && (record instanceof WalRecord.DropCollection
                    || record instanceof WalRecord.RenameCollection))
            || (dropsDatabase && scope.isDatabase());
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
      if (identities != null) {
        // A collection the transaction created names its own documents' events.
        identities.follow(change, sequence);
      }
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
    BsonDocument event = plainEvent(record, ns, token, time);
    if (event == null && expanded) {
      event = ExpandedEvents.of(record, header(record, token, time), ns, uuidOf(record, token));
    }
    if (event != null && expanded) {
      java.util.UUID uuid = uuidOf(record, token);
      if (uuid != null) {
        event = withCollectionUuid(event, uuid);
      }
      if (record instanceof WalRecord.RenameCollection rename) {
        event.append(
            "operationDescription",
            ExpandedEvents.renameDescription(
                rename,
                identities == null ? null : identities.before(rename.target(), token.sequence())));
      }
    }
    return event;
  }

  private java.util.UUID uuidOf(WalRecord record, ResumeToken token) {
    return identities == null ? null : identities.of(record, token.sequence());
  }

  /** The event with {@code collectionUUID} after its header, where MongoDB places it. */
  private static BsonDocument withCollectionUuid(BsonDocument event, java.util.UUID uuid) {
    BsonDocument out = new BsonDocument();
    event.forEach(
        (name, value) -> {
          out.append(name, value);
          if (name.equals("wallTime")) {
            out.append("collectionUUID", new org.bson.BsonBinary(uuid));
          }
        });
    return out;
  }

  private BsonDocument header(WalRecord record, ResumeToken token, long time) {
    return header(ExpandedEvents.type(record), token, time);
  }

  private BsonDocument plainEvent(WalRecord record, Namespace ns, ResumeToken token, long time) {
    return switch (record) {
      case WalRecord.Insert insert ->
          documentEvent("insert", token, time, ns, insert.document())
              .append("fullDocument", insert.document());
      case WalRecord.Replace replace ->
          withBefore(
              documentEvent("replace", token, time, ns, replace.document())
                  .append("fullDocument", replace.document()),
              replace.before(),
              token);
      case WalRecord.Update update ->
          withBefore(update(update, token, time, ns), update.before(), token);
      case WalRecord.Delete delete ->
          withBefore(
              header("delete", token, time)
                  .append("ns", ns(ns))
                  .append("documentKey", new BsonDocument("_id", delete.id())),
              delete.before(),
              token);
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
    switch (fullDocument) {
      case UPDATE_LOOKUP -> {
        BsonDocument current =
            lookup == null ? null : lookup.apply(ns, update.document().get("_id"));
        event.append("fullDocument", current == null ? BsonNull.VALUE : current);
      }
      // The record holds the whole new version; it is the post-image where images are kept.
      case WHEN_AVAILABLE ->
          event.append(
              "fullDocument", update.before() != null ? update.document() : BsonNull.VALUE);
      case REQUIRED -> {
        if (update.before() == null) {
          throw missingImage("post-image", token);
        }
        event.append("fullDocument", update.document());
      }
      case DEFAULT -> {}
    }
    return event;
  }

  /** The event with its {@code fullDocumentBeforeChange}, as the stream asks for it. */
  private BsonDocument withBefore(BsonDocument event, BsonDocument before, ResumeToken token) {
    switch (beforeChange) {
      case OFF -> {}
      case WHEN_AVAILABLE ->
          event.append("fullDocumentBeforeChange", before == null ? BsonNull.VALUE : before);
      case REQUIRED -> {
        if (before == null) {
          throw missingImage("pre-image", token);
        }
        event.append("fullDocumentBeforeChange", before);
      }
    }
    return event;
  }

  private static MongoLakeException missingImage(String image, ResumeToken token) {
    return new MongoLakeException(
        ErrorCode.NO_MATCHING_DOCUMENT,
        "Change stream was configured to require a "
            + image
            + " for all update, delete and replace events, but the "
            + image
            + " was not found for event: "
            + token.toDocument().toJson()
            + " (the collection did not have changeStreamPreAndPostImages enabled at the change)");
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

  static BsonDocument ns(Namespace ns) {
    return new BsonDocument("db", new BsonString(ns.database()))
        .append("coll", new BsonString(ns.collection()));
  }
}
