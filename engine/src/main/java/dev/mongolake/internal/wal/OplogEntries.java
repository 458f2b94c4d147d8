package dev.mongolake.internal.wal;

import dev.mongolake.Namespace;
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

  /**
   * Entries carry no {@code ui}: the log does not record which collection (of those that held a
   * name over time, across drops, re-creations and renames) a record changed, and the one holding
   * the name now may be another.
   *
   * @param records the log's records, in the order to list them
   */
  public OplogEntries(Iterator<LogEntry> records) {
    this.records = records;
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
    return entry(WalRecordCodec.decode(record.payload()), new BsonTimestamp(time));
  }

  private BsonDocument entry(WalRecord record, BsonTimestamp ts) {
    BsonDocument entry = body(record);
    entry.append("ts", ts).append("t", TERM).append("v", VERSION);
    // The log clock's seconds are the wall clock's at the write.
    return entry.append("wall", new BsonDateTime(ts.getTime() * 1000L));
  }

  private BsonDocument body(WalRecord record) {
    Namespace ns = record.namespace();
    String coll = ns.collection();
    return switch (record) {
      case WalRecord.Retryable retryable -> body(retryable.change());
      case WalRecord.Transaction transaction -> applyOps(transaction);
      case WalRecord.Insert insert -> change("i", ns).append("o", insert.document());
      case WalRecord.Update update ->
          change("u", ns).append("o", update.document()).append("o2", idOf(update.document()));
      case WalRecord.Replace replace ->
          change("u", ns).append("o", replace.document()).append("o2", idOf(replace.document()));
      case WalRecord.Delete delete ->
          change("d", ns).append("o", new BsonDocument("_id", delete.id()));
      case WalRecord.CreateCollection create ->
          command(ns, new BsonDocument("create", new BsonString(coll)), create.options());
      case WalRecord.ModifyCollection modify ->
          command(ns, new BsonDocument("collMod", new BsonString(coll)), modify.options());
      case WalRecord.DropCollection drop ->
          command(ns, new BsonDocument("drop", new BsonString(coll)), new BsonDocument());
      case WalRecord.CreateIndex create ->
          command(ns, new BsonDocument("createIndexes", new BsonString(coll)), create.spec());
      case WalRecord.DropIndex drop ->
          command(
              ns,
              new BsonDocument("dropIndexes", new BsonString(coll))
                  .append("index", new BsonString(drop.name())),
              new BsonDocument());
      case WalRecord.RenameCollection rename ->
          command(
              ns,
              new BsonDocument("renameCollection", new BsonString(ns.fullName()))
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

  private BsonDocument change(String op, Namespace ns) {
    BsonDocument entry =
        new BsonDocument("op", new BsonString(op)).append("ns", new BsonString(ns.fullName()));
    return entry;
  }

  private BsonDocument command(Namespace ns, BsonDocument command, BsonDocument fields) {
    BsonDocument entry =
        new BsonDocument("op", new BsonString("c"))
            .append("ns", new BsonString(ns.database() + ".$cmd"));
    fields.forEach(command::putIfAbsent);
    return entry.append("o", command);
  }

  private static BsonDocument idOf(BsonDocument document) {
    return new BsonDocument("_id", document.get("_id"));
  }
}
