package dev.mongolake.internal.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.bson.BsonDebugText;
import java.util.List;
import org.bson.BsonDocument;

/**
 * MongoDB's duplicate key error: {@code E11000 duplicate key error collection: ... dup key: {..}},
 * the key printed as the shell prints it, carrying {@code keyPattern} and {@code keyValue} as
 * MongoDB's {@code DuplicateKeyErrorInfo} does.
 */
public final class DuplicateKeys {

  private DuplicateKeys() {}

  /** The error for {@code key} already held in {@code index}. */
  public static MongoLakeException error(Namespace namespace, IndexSpec index, IndexKey key) {
    BsonDocument shown = new BsonDocument();
    List<String> fields = index.fields();
    for (int i = 0; i < fields.size(); i++) {
      shown.append(fields.get(i), key.values().get(i));
    }
    BsonDocument errorInfo =
        new BsonDocument("keyPattern", index.keys()).append("keyValue", shown.clone());
    return new MongoLakeException(
        ErrorCode.DUPLICATE_KEY,
        "E11000 duplicate key error collection: "
            + namespace.fullName()
            + " index: "
            + index.name()
            + " dup key: { "
            + BsonDebugText.fields(shown)
            + " }",
        errorInfo);
  }
}
