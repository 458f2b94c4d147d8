package dev.mongolake.internal.changestream;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.HexFormat;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * A change stream resume token, {@code {_data: <hex>}}: the log position of the event (its record's
 * log time and sequence), whether it is the invalidate that follows the record, and for an event of
 * a transaction (one record, several events) its place among the transaction's changes. Clients
 * treat it as opaque; the time comes first so that tokens sort in log order, as MongoDB's do.
 *
 * @param index the change's place in its transaction's record, or -1 for a record of one change
 */
public record ResumeToken(long time, long sequence, boolean invalidate, int index) {

  private static final HexFormat HEX = HexFormat.of().withUpperCase();

  /** The token of a record that is one change (or its invalidate). */
  public ResumeToken(long time, long sequence, boolean invalidate) {
    this(time, sequence, invalidate, -1);
  }

  /** Whether the token is an event of a transaction's record, which holds more events after it. */
  public boolean inTransaction() {
    return index >= 0;
  }

  /** The token as a client sees it. */
  public BsonDocument toDocument() {
    String data =
        HEX.toHexDigits(time)
            + HEX.toHexDigits(sequence)
            + (invalidate ? "01" : index >= 0 ? "02" + HEX.toHexDigits(index) : "00");
    return new BsonDocument("_data", new BsonString(data));
  }

  /**
   * Reads a token a client gives back.
   *
   * @param option the option that held it, named in the error
   * @throws MongoLakeException BadValue for a document this server never gave out
   */
  public static ResumeToken parse(BsonDocument token, String option) {
    if (token.size() == 1
        && token.get("_data") instanceof BsonString data
        && (data.getValue().length() == 34 || data.getValue().length() == 42)) {
      try {
        String hex = data.getValue();
        long time = HexFormat.fromHexDigitsToLong(hex, 0, 16);
        long sequence = HexFormat.fromHexDigitsToLong(hex, 16, 32);
        int kind = HexFormat.fromHexDigits(hex, 32, 34);
        if (sequence >= 0 && hex.length() == 34 && (kind == 0 || kind == 1)) {
          return new ResumeToken(time, sequence, kind == 1);
        }
        if (sequence >= 0 && hex.length() == 42 && kind == 2) {
          int index = HexFormat.fromHexDigits(hex, 34, 42);
          if (index >= 0) {
            return new ResumeToken(time, sequence, false, index);
          }
        }
      } catch (IllegalArgumentException e) {
        // falls through to the refusal
      }
    }
    throw new MongoLakeException(
        ErrorCode.BAD_VALUE,
        "Cannot open a change stream: '" + option + "' is not a resume token: " + token.toJson());
  }
}
