package dev.mongolake.internal.changestream;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.HexFormat;
import org.bson.BsonDocument;
import org.bson.BsonString;

/**
 * A change stream resume token, {@code {_data: <hex>}}: the log position of the event (its record's
 * log time and sequence) and whether it is the invalidate that follows the record. Clients treat it
 * as opaque; the time comes first so that tokens sort in log order, as MongoDB's do.
 */
public record ResumeToken(long time, long sequence, boolean invalidate) {

  private static final HexFormat HEX = HexFormat.of().withUpperCase();

  /** The token as a client sees it. */
  public BsonDocument toDocument() {
    String data = HEX.toHexDigits(time) + HEX.toHexDigits(sequence) + (invalidate ? "01" : "00");
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
        && data.getValue().length() == 34) {
      try {
        String hex = data.getValue();
        long time = HexFormat.fromHexDigitsToLong(hex, 0, 16);
        long sequence = HexFormat.fromHexDigitsToLong(hex, 16, 32);
        int kind = HexFormat.fromHexDigits(hex, 32, 34);
        if (sequence >= 0 && (kind == 0 || kind == 1)) {
          return new ResumeToken(time, sequence, kind == 1);
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
