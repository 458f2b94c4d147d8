package dev.mongolake.internal.wal;

import dev.mongolake.daktilo.LogEntry;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonTimestamp;

/**
 * Log records as MongoDB's oplog entries ({@code local.oplog.rs}): {@code {op, ns, ui, o, o2, ts,
 * t, v, wall}}. Document changes are {@code i}, {@code u} and {@code d} entries on the collection;
 * catalog changes are {@code c} entries on {@code db.$cmd} whose {@code o} is the command MongoDB
 * logs. An update's {@code o} is the whole new version, because that is what the log holds (MongoDB
 * logs a {@code $v: 2} diff instead). Built one record at a time, so a reader streams the log.
 */
public final class OplogEntries implements Iterator<BsonDocument> {

  /** The term of every entry: a set of one never elects another primary. */
  private static final BsonInt64 TERM = new BsonInt64(1);

  /** MongoDB's oplog entry version. */
  private static final BsonInt64 VERSION = new BsonInt64(2);

  private final Iterator<LogEntry> records;
  private final CollectionIdentities identities;
  private final boolean newestFirst;

  /**
   * Entries of a collection carry its UUID in {@code ui} where the log tells which collection (of
   * those that held a name over time, across drops, re-creations and renames) the record changed:
   * see {@link CollectionIdentities}; else they carry none.
   *
   * @param records the log's records, in the order to list them
   * @param identities the collections' identities, followed through the records
   * @param newestFirst whether {@code records} come newest first
   */
  public OplogEntries(
      Iterator<LogEntry> records, CollectionIdentities identities, boolean newestFirst) {
    this.records = records;
    this.identities = identities;
    this.newestFirst = newestFirst;
  }

  /** Entries without {@code ui}, oldest first. */
  public OplogEntries(Iterator<LogEntry> records) {
    this(records, new CollectionIdentities(CollectionIdentities.NONE, java.util.Map.of()), false);
  }

  @Override
  public boolean hasNext() {
    return records.hasNext();
  }

  @Override
  public BsonDocument next() {
    if (!records.hasNext()) {
      throw new NoSuchElementException();
    }
    LogEntry record = records.next();
    long time =
        WalRecordCodec.time(record.payload()).orElse(LogClock.ofUnstamped(record.sequence()));
    WalRecord decoded = WalRecordCodec.decode(record.payload());
    sequence = record.sequence();
    BsonDocument entry = entry(decoded, new BsonTimestamp(time));
    if (!newestFirst) {
      identities.follow(decoded, sequence);
    }
    return entry;
  }

  // The sequence of the record being listed.
  private long sequence;

  private BsonDocument entry(WalRecord record, BsonTimestamp ts) {
    BsonDocument entry = body(record);
    entry.append("ts", ts).append("t", TERM).append("v", VERSION);
    // The log clock's seconds are the wall clock's at the write.
    return entry.append("wall", new BsonDateTime(ts.getTime() * 1000L));
  }

  private BsonDocument body(WalRecord record) {
    String coll = record.namespace().collection();
    return switch (record) {
      case WalRecord.Retryable retryable -> body(retryable.change());
      case WalRecord.Transaction transaction -> applyOps(transaction);
      case WalRecord.Insert insert -> change("i", record).append("o", insert.document());
      case WalRecord.Update update ->
          change("u", record).append("o", update.document()).append("o2", idOf(update.document()));
      case WalRecord.Replace replace ->
          change("u", record)
              .append("o", replace.document())
              .append("o2", idOf(replace.document()));
      case WalRecord.Delete delete ->
          change("d", record).append("o", new BsonDocument("_id", delete.id()));
      case WalRecord.CreateCollection create ->
          command(record, new BsonDocument("create", new BsonString(coll)), create.options());
      case WalRecord.ModifyCollection modify ->
          command(record, new BsonDocument("collMod", new BsonString(coll)), modify.options());
      case WalRecord.DropCollection drop ->
          command(record, new BsonDocument("drop", new BsonString(coll)), new BsonDocument());
      case WalRecord.CreateIndex create ->
          command(record, new BsonDocument("createIndexes", new BsonString(coll)), create.spec());
      case WalRecord.DropIndex drop ->
          command(
              record,
              new BsonDocument("dropIndexes", new BsonString(coll))
                  .append("index", new BsonString(drop.name())),
              new BsonDocument());
      case WalRecord.RenameCollection rename ->
          command(
              record,
              new BsonDocument("renameCollection", new BsonString(record.namespace().fullName()))
                  .append("to", new BsonString(rename.target().fullName()))
                  .append("stayTemp", BsonBoolean.FALSE)
                  .append("dropTarget", BsonBoolean.valueOf(rename.dropTarget())),
              new BsonDocument());
    };
  }

  /**
   * A committed transaction as MongoDB logs one: a command entry whose applyOps are its changes.
   */
  private BsonDocument applyOps(WalRecord.Transaction transaction) {
    org.bson.BsonArray operations = new org.bson.BsonArray();
    transaction.changes().forEach(change -> operations.add(body(change)));
    BsonDocument entry =
        new BsonDocument("op", new BsonString("c"))
            .append("ns", new BsonString("admin.$cmd"))
            .append("o", new BsonDocument("applyOps", operations));
    if (transaction.session() != null) {
      entry.append("lsid", new BsonDocument("id", new org.bson.BsonBinary(transaction.session())));
    }
    return entry.append("txnNumber", new org.bson.BsonInt64(transaction.txnNumber()));
  }

  private BsonDocument change(String op, WalRecord record) {
    BsonDocument entry =
        new BsonDocument("op", new BsonString(op))
            .append("ns", new BsonString(record.namespace().fullName()));
    return withUi(entry, record);
  }

  private BsonDocument command(WalRecord record, BsonDocument command, BsonDocument fields) {
    BsonDocument entry =
        new BsonDocument("op", new BsonString("c"))
            .append("ns", new BsonString(record.namespace().database() + ".$cmd"));
    withUi(entry, record);
    fields.forEach(command::putIfAbsent);
    return entry.append("o", command);
  }

  /** The entry with the collection's UUID in {@code ui}, where it is known. */
  private BsonDocument withUi(BsonDocument entry, WalRecord record) {
    java.util.UUID ui =
        newestFirst ? identities.ofBackwards(record, sequence) : identities.of(record, sequence);
    if (ui != null) {
      entry.append("ui", new org.bson.BsonBinary(ui));
    }
    return entry;
  }

  private static BsonDocument idOf(BsonDocument document) {
    return new BsonDocument("_id", document.get("_id"));
  }
}
