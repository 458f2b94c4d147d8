package dev.mongolake;

import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A batch write in which some documents failed. Carries each failure with its index in the request
 * and the {@code _id}s of the documents that were written. Its own code is the first failure's.
 */
public final class MongoLakeWriteException extends MongoLakeException {
  private static final long serialVersionUID = 1L;

  /**
   * One failed document of a batch; {@code errorInfo} is the failure's structured detail ({@link
   * MongoLakeException#errorInfo()}), empty when it has none.
   */
  public record WriteError(int index, ErrorCode code, String message, BsonDocument errorInfo) {
    public WriteError {
      errorInfo = errorInfo.clone();
    }

    public WriteError(int index, ErrorCode code, String message) {
      this(index, code, message, new BsonDocument());
    }

    /** The failure of {@code index}, with its code, message and detail. */
    public static WriteError of(int index, MongoLakeException error) {
      return new WriteError(index, error.errorCode(), error.getMessage(), error.errorInfo());
    }

    /** This failure as an exception, detail included. */
    public MongoLakeException toException() {
      return new MongoLakeException(code, message, errorInfo);
    }
  }

  private final transient List<WriteError> errors;
  private final transient Map<Integer, BsonValue> insertedIds;

  public MongoLakeWriteException(List<WriteError> errors, Map<Integer, BsonValue> insertedIds) {
    super(errors.getFirst().code(), summary(errors));
    this.errors = List.copyOf(errors);
    this.insertedIds = Map.copyOf(insertedIds);
  }

  private static String summary(List<WriteError> errors) {
    WriteError first = errors.getFirst();
    return errors.size() == 1
        ? first.message()
        : first.message() + " (and " + (errors.size() - 1) + " more write errors)";
  }

  /** The failures, in request order. */
  public List<WriteError> errors() {
    return errors;
  }

  /** The {@code _id} of each document that was written, by its index in the request. */
  public Map<Integer, BsonValue> insertedIds() {
    return insertedIds;
  }
}
