package dev.mongolake.internal.wal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonBytesDecoder;
import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.internal.buffer.LazyBsonDocument;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonSerializationException;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * Encodes {@link WalRecord}s as BSON documents {@code {op, ns, ...}}: {@code op} is {@code i}
 * (insert), {@code u} (update), {@code r} (replace), {@code d} (delete), {@code create}, {@code
 * drop}, {@code ci} (create index, with {@code spec}), {@code di} (drop index, with {@code name}),
 * {@code mod} (new collection options, with {@code options}) or {@code rename} (with {@code to} and
 * {@code dropTarget}); a {@code create} carries the collection's UUID in {@code ui}, a {@code mod}
 * the options it replaced in {@code pre}, a {@code ci} of {@code collMod} the definition it
 * replaced in {@code pre}, a {@code di} the dropped index's {@code spec}; {@code doc} holds a
 * document version, {@code id} a deleted {@code _id}, and an update's {@code upd} what it changed
 * (see {@link WalRecord.Update#description()}). Logs written before an op or a field existed simply
 * never hold it.
 *
 * <p>Every record starts with {@code ts}, its log time (a BSON Timestamp, see {@link LogClock}),
 * stamped by the log when it assigns the sequence; records of older logs have none. A change a
 * retryable write made carries the statement in {@code stmt} (see {@link StatementMarkCodec}), in
 * the same record, so that the change and the proof it happened are durable together.
 */
public final class WalRecordCodec {

  /** The log time's field: a BSON Timestamp, the record's first field. */
  static final String TIME_FIELD = "ts";

  /** Where the log time's 8 bytes start: after the length, the type byte and {@code "ts\0"}. */
  static final int TIME_OFFSET = 8;

  /** A retryable write's statement, in the record of the change it made. */
  static final String STATEMENT_FIELD = "stmt";

  /** An update's description of what it changed. */
  static final String DESCRIPTION_FIELD = "upd";

  /** The pre-image of an update, replacement or delete, on collections that keep them. */
  static final String BEFORE_FIELD = "pre";

  /** A created collection's identity (a UUID, as MongoDB's oplog names it). */
  static final String UUID_FIELD = "ui";

  /** A transaction's changes, each encoded as a record without a log time of its own. */
  static final String CHANGES_FIELD = "ops";

  private WalRecordCodec() {}

  public static byte[] encode(WalRecord record) {
    // The log time comes first, at a fixed offset, so that the log stamps it under its sequencer.
    BsonDocument out = new BsonDocument(TIME_FIELD, new BsonTimestamp(0L));
    encodeFields(out, record);
    // The same bytes as org.bson's codec, without its per-value dispatch: every write pays this.
    return BsonBytesEncoder.encode(out);
  }

  private static void encodeFields(BsonDocument out, WalRecord record) {
    switch (record) {
      case WalRecord.Insert insert -> op(out, "i", insert).append("doc", insert.document());
      case WalRecord.Update update -> {
        op(out, "u", update).append("doc", update.document());
        if (update.description() != null) {
          out.append(DESCRIPTION_FIELD, update.description());
        }
        before(out, update.before());
      }
      case WalRecord.Replace replace -> {
        op(out, "r", replace).append("doc", replace.document());
        before(out, replace.before());
      }
      case WalRecord.Delete delete -> {
        op(out, "d", delete).append("id", delete.id());
        before(out, delete.before());
      }
      case WalRecord.CreateCollection create -> {
        op(out, "create", create).append("options", create.options());
        if (create.uuid() != null) {
          out.append(UUID_FIELD, new BsonBinary(create.uuid()));
        }
      }
      case WalRecord.ModifyCollection modify -> {
        op(out, "mod", modify).append("options", modify.options());
        before(out, modify.before());
      }
      case WalRecord.DropCollection drop -> {
        op(out, "drop", drop);
        if (drop.endsDatabase()) {
          out.append("dropDatabase", BsonBoolean.TRUE);
        }
      }
      case WalRecord.CreateIndex create -> {
        op(out, "ci", create).append("spec", create.spec());
        before(out, create.before());
      }
      case WalRecord.DropIndex drop -> {
        op(out, "di", drop).append("name", new BsonString(drop.name()));
        if (drop.spec() != null) {
          out.append("spec", drop.spec());
        }
      }
      case WalRecord.RenameCollection rename ->
          op(out, "rename", rename)
              .append("to", new BsonString(rename.target().fullName()))
              .append("dropTarget", BsonBoolean.valueOf(rename.dropTarget()));
      case WalRecord.Transaction transaction -> {
        op(out, "txn", transaction);
        BsonArray changes = new BsonArray();
        for (WalRecord change : transaction.changes()) {
          BsonDocument encoded = new BsonDocument();
          encodeFields(encoded, change);
          changes.add(encoded);
        }
        out.append(CHANGES_FIELD, changes);
        if (transaction.session() != null) {
          out.append("lsid", new BsonBinary(transaction.session()));
        }
        out.append("txnNumber", new BsonInt64(transaction.txnNumber()));
      }
      case WalRecord.Retryable retryable -> {
        encodeFields(out, retryable.change());
        out.append(STATEMENT_FIELD, StatementMarkCodec.encode(retryable.mark()));
      }
    }
  }

  /**
   * Writes the record's log time into bytes {@link #encode} produced (a BSON Timestamp's 64 bits,
   * seconds above, increment below).
   */
  public static void stampTime(byte[] bytes, long timestamp) {
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(TIME_OFFSET, timestamp);
  }

  /**
   * The log time stamped into a record's bytes, or empty for a record written before records
   * carried one.
   */
  public static OptionalLong time(byte[] bytes) {
    if (bytes.length < TIME_OFFSET + 8
        || bytes[4] != BsonType.TIMESTAMP.getValue()
        || bytes[5] != 't'
        || bytes[6] != 's'
        || bytes[7] != 0) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(TIME_OFFSET));
  }

  /**
   * Whether the record in {@code bytes} drops or renames a collection, read from its {@code op}
   * without decoding the rest where the record has the layout {@link #encode} writes (the log time,
   * then {@code op}); other records are decoded.
   */
  public static boolean dropsOrRenames(byte[] bytes) {
    int op = TIME_OFFSET + 8;
    if (time(bytes).isPresent()
        && bytes.length > op + 8
        && bytes[op] == BsonType.STRING.getValue()
        && bytes[op + 1] == 'o'
        && bytes[op + 2] == 'p'
        && bytes[op + 3] == 0) {
      int length = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(op + 4);
      if (length > 0 && op + 8 + length <= bytes.length) {
        String name =
            new String(bytes, op + 8, length - 1, java.nio.charset.StandardCharsets.UTF_8);
        return name.equals("drop") || name.equals("rename");
      }
    }
    WalRecord record = decode(bytes);
    return record instanceof WalRecord.DropCollection
        || record instanceof WalRecord.RenameCollection;
  }

  private static void before(BsonDocument out, BsonDocument before) {
    if (before != null) {
      out.append(BEFORE_FIELD, before);
    }
  }

  private static BsonDocument op(BsonDocument out, String op, WalRecord record) {
    return out.append("op", new BsonString(op))
        .append("ns", new BsonString(record.namespace().fullName()));
  }

  /**
   * Decodes a record.
   *
   * @throws MongoLakeException (InternalError) if the bytes are not a record this engine wrote
   */
  public static WalRecord decode(byte[] bytes) {
    try {
      WalRecord documentChange = decodeDocumentChange(bytes);
      return documentChange != null ? documentChange : decode(new RawBsonDocument(bytes));
    } catch (BsonSerializationException
        | BsonInvalidOperationException
        | IllegalArgumentException
        | ClassCastException e) {
      throw corrupt("it is not valid BSON: " + e.getMessage());
    }
  }

  /**
   * The common records, inserts, updates and replaces ({@code {op, ns, doc}}), read in one pass
   * over the bytes; null for any other shape, which the general path then reads.
   */
  private static WalRecord decodeDocumentChange(byte[] bytes) {
    ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (bytes.length < 5 || in.getInt(0) != bytes.length) {
      return null;
    }
    String op = null;
    String ns = null;
    int docOffset = -1;
    int descriptionOffset = -1;
    int beforeOffset = -1;
    int position = 4;
    int end = bytes.length - 1;
    while (position < end) {
      byte type = bytes[position++];
      int nameEnd = position;
      while (nameEnd < end && bytes[nameEnd] != 0) {
        nameEnd++;
      }
      int nameLength = nameEnd - position;
      int nameStart = position;
      position = nameEnd + 1;
      if (position + 4 > end) {
        return null;
      }
      if (type == BsonType.TIMESTAMP.getValue() && is(bytes, nameStart, nameLength, TIME_FIELD)) {
        if (position + 8 > end) {
          return null;
        }
        position += 8;
        continue;
      }
      int length = in.getInt(position);
      if (type == BsonType.STRING.getValue()) {
        if (length < 1 || position + 4 + length > end) {
          return null;
        }
        String value = new String(bytes, position + 4, length - 1, StandardCharsets.UTF_8);
        if (is(bytes, nameStart, nameLength, "op")) {
          op = value;
        } else if (is(bytes, nameStart, nameLength, "ns")) {
          ns = value;
        }
        position += 4 + length;
      } else if (type == BsonType.DOCUMENT.getValue() && is(bytes, nameStart, nameLength, "doc")) {
        if (length < 5 || position + length > end) {
          return null;
        }
        docOffset = position;
        position += length;
      } else if (type == BsonType.DOCUMENT.getValue()
          && is(bytes, nameStart, nameLength, DESCRIPTION_FIELD)) {
        if (length < 5 || position + length > end) {
          return null;
        }
        descriptionOffset = position;
        position += length;
      } else if (type == BsonType.DOCUMENT.getValue()
          && is(bytes, nameStart, nameLength, BEFORE_FIELD)) {
        if (length < 5 || position + length > end) {
          return null;
        }
        beforeOffset = position;
        position += length;
      } else {
        return null;
      }
    }
    if (op == null || ns == null || docOffset < 0) {
      return null;
    }
    BsonDocument document = new LazyBsonDocument(bytes, docOffset, in.getInt(docOffset));
    BsonDocument before =
        beforeOffset < 0
            ? null
            : new LazyBsonDocument(bytes, beforeOffset, in.getInt(beforeOffset));
    Namespace namespace = namespace(ns);
    return switch (op) {
      case "i" -> before == null ? new WalRecord.Insert(namespace, document) : null;
      case "u" ->
          new WalRecord.Update(
              namespace,
              document,
              descriptionOffset < 0
                  ? null
                  : new LazyBsonDocument(bytes, descriptionOffset, in.getInt(descriptionOffset)),
              before);
      case "r" -> descriptionOffset < 0 ? new WalRecord.Replace(namespace, document, before) : null;
      default -> null;
    };
  }

  private static boolean is(byte[] bytes, int offset, int length, String name) {
    if (length != name.length()) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (bytes[offset + i] != name.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  // Replay parses the same few names millions of times.
  private static final Map<String, Namespace> NAMESPACES = new ConcurrentHashMap<>();

  private static Namespace namespace(String fullName) {
    Namespace known = NAMESPACES.get(fullName);
    if (known == null) {
      known = Namespace.parse(fullName);
      if (NAMESPACES.size() > 10_000) {
        NAMESPACES.clear();
      }
      NAMESPACES.put(fullName, known);
    }
    return known;
  }

  /**
   * Reads the record's fields from its bytes: document versions stay undecoded ({@link
   * LazyBsonDocument} over the same bytes) until something reads their fields.
   */
  private static WalRecord decode(RawBsonDocument in) {
    if (!in.isString("op") || !in.isString("ns")) {
      throw corrupt("it lacks 'op' or 'ns'");
    }
    WalRecord change = decodeChange(in);
    if (in.isDocument(STATEMENT_FIELD)) {
      return new WalRecord.Retryable(
          change, StatementMarkCodec.decode((BsonDocument) copy(in.getDocument(STATEMENT_FIELD))));
    }
    return change;
  }

  private static WalRecord decodeChange(RawBsonDocument in) {
    Namespace ns = namespace(in.getString("ns").getValue());
    String op = in.getString("op").getValue();
    return switch (op) {
      case "txn" -> decodeTransaction(in);
      case "i" -> new WalRecord.Insert(ns, lazyDocument(in, "doc"));
      case "u" ->
          new WalRecord.Update(
              ns,
              lazyDocument(in, "doc"),
              in.isDocument(DESCRIPTION_FIELD) ? lazyDocument(in, DESCRIPTION_FIELD) : null,
              before(in));
      case "r" -> new WalRecord.Replace(ns, lazyDocument(in, "doc"), before(in));
      case "d" -> {
        if (!in.containsKey("id")) {
          throw corrupt("a delete lacks 'id'");
        }
        BsonValue id = in.get("id");
        yield new WalRecord.Delete(ns, id.isDocument() || id.isArray() ? copy(id) : id, before(in));
      }
      case "create" -> new WalRecord.CreateCollection(ns, document(in, "options"), uuid(in));
      case "mod" ->
          new WalRecord.ModifyCollection(ns, document(in, "options"), optionalDocument(in));
      case "drop" ->
          new WalRecord.DropCollection(
              ns, in.getBoolean("dropDatabase", BsonBoolean.FALSE).getValue());
      case "ci" -> new WalRecord.CreateIndex(ns, document(in, "spec"), optionalDocument(in));
      case "di" -> {
        if (!in.isString("name")) {
          throw corrupt("an index drop lacks 'name'");
        }
        yield new WalRecord.DropIndex(
            ns,
            in.getString("name").getValue(),
            in.containsKey("spec") ? document(in, "spec") : null);
      }
      case "rename" -> {
        if (!in.isString("to")) {
          throw corrupt("a rename lacks 'to'");
        }
        yield new WalRecord.RenameCollection(
            ns,
            Namespace.parse(in.getString("to").getValue()),
            in.getBoolean("dropTarget", BsonBoolean.FALSE).getValue());
      }
      default -> throw corrupt("unknown op '" + op + "'");
    };
  }

  private static WalRecord decodeTransaction(RawBsonDocument in) {
    if (!in.isArray(CHANGES_FIELD) || !(in.get("txnNumber") instanceof BsonInt64 txnNumber)) {
      throw corrupt("a transaction lacks 'ops' or 'txnNumber'");
    }
    java.util.UUID session = null;
    if (in.containsKey("lsid")) {
      if (!(in.get("lsid") instanceof BsonBinary lsid)
          || lsid.getType() != BsonBinarySubType.UUID_STANDARD.getValue()) {
        throw corrupt("a transaction's 'lsid' is not a UUID");
      }
      session = lsid.asUuid();
    }
    List<WalRecord> changes = new ArrayList<>();
    for (BsonValue element : in.getArray(CHANGES_FIELD)) {
      if (!(element instanceof RawBsonDocument change)
          || !change.isString("op")
          || !change.isString("ns")) {
        throw corrupt("a transaction's change lacks 'op' or 'ns'");
      }
      WalRecord decoded = decodeChange(change);
      if (decoded instanceof WalRecord.Transaction) {
        throw corrupt("a transaction holds a transaction");
      }
      changes.add(decoded);
    }
    try {
      return new WalRecord.Transaction(changes, session, txnNumber.getValue());
    } catch (IllegalArgumentException e) {
      throw corrupt(e.getMessage());
    }
  }

  /** A catalog record's {@code pre}, decoded whole (catalog records are few and small). */
  private static BsonDocument optionalDocument(RawBsonDocument in) {
    return in.containsKey(BEFORE_FIELD) ? document(in, BEFORE_FIELD) : null;
  }

  /** A create's collection identity, or null in records written before creates carried it. */
  private static java.util.UUID uuid(RawBsonDocument in) {
    if (!in.containsKey(UUID_FIELD)) {
      return null;
    }
    if (!(in.get(UUID_FIELD) instanceof BsonBinary ui)
        || ui.getType() != BsonBinarySubType.UUID_STANDARD.getValue()) {
      throw corrupt("a create's 'ui' is not a UUID");
    }
    return ui.asUuid();
  }

  private static BsonDocument before(RawBsonDocument in) {
    return in.isDocument(BEFORE_FIELD) ? lazyDocument(in, BEFORE_FIELD) : null;
  }

  private static BsonDocument document(BsonDocument in, String field) {
    if (!in.isDocument(field)) {
      throw corrupt("'" + field + "' is missing or not a document");
    }
    // An ordinary, mutable document rather than the raw view.
    return (BsonDocument) copy(in.getDocument(field));
  }

  private static BsonDocument lazyDocument(RawBsonDocument in, String field) {
    if (!in.isDocument(field)) {
      throw corrupt("'" + field + "' is missing or not a document");
    }
    RawBsonDocument raw = (RawBsonDocument) in.getDocument(field);
    return new LazyBsonDocument(raw.getBackingArray(), raw.getByteOffset(), raw.getByteLength());
  }

  /**
   * A raw container value decoded into ordinary BSON objects, by the byte decoder: a crafted log's
   * value nested past {@link dev.mongolake.bson.BsonNesting#MAX_DEPTH} fails as invalid BSON
   * instead of running org.bson's unbounded recursion out of stack.
   */
  private static BsonValue copy(BsonValue value) {
    return BsonBytesDecoder.decode(BsonBytesEncoder.encode(new BsonDocument("v", value))).get("v");
  }

  private static MongoLakeException corrupt(String reason) {
    return new MongoLakeException(
        ErrorCode.INTERNAL_ERROR, "Cannot replay a write-ahead log record: " + reason);
  }
}
