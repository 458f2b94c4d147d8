package dev.mongolake.delta.cdc;

import dev.mongolake.bson.BsonBytesDecoder;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * One change to one document, in the shape change-data-capture consumers expect (Debezium's {@code
 * op} letters).
 *
 * <p>Invariants: a create or read carries {@code after} and no {@code before}; an update carries
 * {@code after} ({@code before} when the old version is known); a delete carries no {@code after}
 * ({@code before} when known).
 *
 * @param id the document's {@code _id}
 * @param seq the change's position in its source's order (a log sequence or a commit version)
 * @param op what happened
 * @param before the document before the change, or null
 * @param after the document after the change, or null
 * @param tsNanos when the change happened, nanoseconds since the epoch
 * @param source where the change comes from (for example {@code "db.collection"})
 */
public record CDCRecord(
    BsonValue id,
    long seq,
    Op op,
    BsonDocument before,
    BsonDocument after,
    long tsNanos,
    String source) {

  /** The kind of change, with its one-letter code. */
  public enum Op {
    /** A document was inserted. */
    CREATE('c'),
    /** A document was replaced or updated. */
    UPDATE('u'),
    /** A document was deleted. */
    DELETE('d'),
    /** A document was read by a snapshot (initial load), not changed. */
    READ('r');

    private final char code;

    Op(char code) {
      this.code = code;
    }

    /** The one-letter code: {@code c u d r}. */
    public char code() {
      return code;
    }

    /**
     * The op for a code.
     *
     * @throws IllegalArgumentException for any other code
     */
    public static Op fromCode(char code) {
      for (Op op : values()) {
        if (op.code == code) {
          return op;
        }
      }
      throw new IllegalArgumentException(
          "Cannot read change record: unknown op '" + code + "' (expected c, u, d or r)");
    }
  }

  public CDCRecord {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(source, "source");
    switch (op) {
      case CREATE, READ -> {
        if (after == null || before != null) {
          throw new IllegalArgumentException(
              "Cannot make a '" + op.code() + "' change record: it needs after and no before");
        }
      }
      case UPDATE -> {
        if (after == null) {
          throw new IllegalArgumentException("Cannot make a 'u' change record: it needs after");
        }
      }
      case DELETE -> {
        if (after != null) {
          throw new IllegalArgumentException("Cannot make a 'd' change record: it has an after");
        }
      }
    }
  }

  /**
   * The BSON form: {@code {id, seq: Int64, op: "c", before: doc|null, after: doc|null, tsNanos:
   * Int64, source}}. Every field is always present, so readers need no defaults.
   */
  public BsonDocument toBson() {
    return new BsonDocument("id", id)
        .append("seq", new BsonInt64(seq))
        .append("op", new BsonString(String.valueOf(op.code())))
        .append("before", before == null ? BsonNull.VALUE : before)
        .append("after", after == null ? BsonNull.VALUE : after)
        .append("tsNanos", new BsonInt64(tsNanos))
        .append("source", new BsonString(source));
  }

  /** The BSON form as bytes. */
  public byte[] toBytes() {
    RawBsonDocument raw = new RawBsonDocument(toBson(), new BsonDocumentCodec());
    ByteBuffer buffer = raw.getByteBuffer().asNIO();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  /**
   * Reads the BSON form.
   *
   * @throws IllegalArgumentException naming the field that is missing or of the wrong type
   */
  public static CDCRecord fromBson(BsonDocument document) {
    String op = string(document, "op");
    if (op.length() != 1) {
      throw new IllegalArgumentException(
          "Cannot read change record: op must be one letter, got '" + op + "'");
    }
    BsonValue id = document.get("id");
    if (id == null) {
      throw new IllegalArgumentException("Cannot read change record: no id");
    }
    return new CDCRecord(
        id,
        int64(document, "seq"),
        Op.fromCode(op.charAt(0)),
        documentOrNull(document, "before"),
        documentOrNull(document, "after"),
        int64(document, "tsNanos"),
        string(document, "source"));
  }

  /**
   * Reads the bytes {@link #toBytes} wrote.
   *
   * @throws IllegalArgumentException if the bytes are not such a record
   * @throws org.bson.BsonSerializationException if they are not BSON
   */
  public static CDCRecord fromBytes(byte[] bytes) {
    // The byte decoder holds nesting to BsonNesting.MAX_DEPTH; org.bson's reader has no bound.
    return fromBson(BsonBytesDecoder.decode(bytes));
  }

  private static String string(BsonDocument document, String key) {
    BsonValue value = document.get(key);
    if (value == null || !value.isString()) {
      throw new IllegalArgumentException(
          "Cannot read change record: " + key + " must be a string, got " + describe(value));
    }
    return value.asString().getValue();
  }

  private static long int64(BsonDocument document, String key) {
    BsonValue value = document.get(key);
    if (value == null || !(value.isInt64() || value.isInt32())) {
      throw new IllegalArgumentException(
          "Cannot read change record: " + key + " must be an integer, got " + describe(value));
    }
    return value.asNumber().longValue();
  }

  private static BsonDocument documentOrNull(BsonDocument document, String key) {
    BsonValue value = document.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isDocument()) {
      throw new IllegalArgumentException(
          "Cannot read change record: "
              + key
              + " must be a document or null, got "
              + describe(value));
    }
    return value.asDocument();
  }

  private static String describe(BsonValue value) {
    return value == null
        ? "nothing"
        : value.getBsonType() == BsonType.NULL ? "null" : value.toString();
  }
}
