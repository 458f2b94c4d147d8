package dev.mongolake;

import com.mongodb.bulk.BulkWriteResult;
import java.util.List;

/**
 * A bulk write in which some operations failed. Carries each failure with its index in the request
 * and what the operations that ran did. Its own code is the first failure's.
 */
public final class MongoLakeBulkWriteException extends MongoLakeException {
  private static final long serialVersionUID = 1L;

  private final transient List<MongoLakeWriteException.WriteError> errors;
  private final transient BulkWriteResult partialResult;

  public MongoLakeBulkWriteException(
      List<MongoLakeWriteException.WriteError> errors, BulkWriteResult partialResult) {
    super(errors.getFirst().code(), errors.getFirst().message());
    this.errors = List.copyOf(errors);
    this.partialResult = partialResult;
  }

  /** The failures, in request order. */
  public List<MongoLakeWriteException.WriteError> errors() {
    return errors;
  }

  /** What the operations that succeeded did. */
  public BulkWriteResult partialResult() {
    return partialResult;
  }
}
