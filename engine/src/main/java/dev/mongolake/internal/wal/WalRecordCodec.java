package dev.mongolake.internal.wal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import java.nio.ByteBuffer;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonSerializationException;
import org.bson.BsonString;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * Encodes {@link WalRecord}s as BSON documents {@code {op, ns, ...}}: {@code op} is {@code i}
 * (insert), {@code u} (update), {@code r} (replace), {@code d} (delete), {@code create}, {@code
 * drop}, {@code ci} (create index, with {@code spec}), {@code di} (drop index, with {@code name})
 * or {@code rename} (with {@code to} and {@code dropTarget}); {@code doc} holds a document version,
 * {@code id} a deleted {@code _id}. Logs written before an op existed simply never hold it.
 */
public final class WalRecordCodec {

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  private WalRecordCodec() {}

  public static byte[] encode(WalRecord record) {
    BsonDocument out = new BsonDocument();
    switch (record) {
      case WalRecord.Insert insert -> op(out, "i", insert).append("doc", insert.document());
      case WalRecord.Update update -> op(out, "u", update).append("doc", update.document());
      case WalRecord.Replace replace -> op(out, "r", replace).append("doc", replace.document());
      case WalRecord.Delete delete -> op(out, "d", delete).append("id", delete.id());
      case WalRecord.CreateCollection create ->
          op(out, "create", create).append("options", create.options());
      case WalRecord.DropCollection drop -> op(out, "drop", drop);
      case WalRecord.CreateIndex create -> op(out, "ci", create).append("spec", create.spec());
      case WalRecord.DropIndex drop ->
          op(out, "di", drop).append("name", new BsonString(drop.name()));
      case WalRecord.RenameCollection rename ->
          op(out, "rename", rename)
              .append("to", new BsonString(rename.target().fullName()))
              .append("dropTarget", BsonBoolean.valueOf(rename.dropTarget()));
    }
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      CODEC.encode(writer, out, EncoderContext.builder().build());
    }
    return buffer.toByteArray();
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
    BsonDocument in;
    try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
      in = CODEC.decode(reader, DecoderContext.builder().build());
    } catch (BsonSerializationException | BsonInvalidOperationException e) {
      throw corrupt("it is not valid BSON: " + e.getMessage());
    }
    if (!in.isString("op") || !in.isString("ns")) {
      throw corrupt("it lacks 'op' or 'ns'");
    }
    Namespace ns = Namespace.parse(in.getString("ns").getValue());
    String op = in.getString("op").getValue();
    return switch (op) {
      case "i" -> new WalRecord.Insert(ns, document(in, "doc"));
      case "u" -> new WalRecord.Update(ns, document(in, "doc"));
      case "r" -> new WalRecord.Replace(ns, document(in, "doc"));
      case "d" -> {
        if (!in.containsKey("id")) {
          throw corrupt("a delete lacks 'id'");
        }
        yield new WalRecord.Delete(ns, in.get("id"));
      }
      case "create" -> new WalRecord.CreateCollection(ns, document(in, "options"));
      case "drop" -> new WalRecord.DropCollection(ns);
      case "ci" -> new WalRecord.CreateIndex(ns, document(in, "spec"));
      case "di" -> {
        if (!in.isString("name")) {
          throw corrupt("an index drop lacks 'name'");
        }
        yield new WalRecord.DropIndex(ns, in.getString("name").getValue());
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

  private static BsonDocument document(BsonDocument in, String field) {
    if (!in.isDocument(field)) {
      throw corrupt("'" + field + "' is missing or not a document");
    }
    return in.getDocument(field);
  }

  private static MongoLakeException corrupt(String reason) {
    return new MongoLakeException(
        ErrorCode.INTERNAL_ERROR, "Cannot replay a write-ahead log record: " + reason);
  }
}
