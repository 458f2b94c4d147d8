package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * Validates a pipeline-style update (a list of stages) the way MongoDB does, then rejects it: the
 * stages need the aggregation engine, which MongoLake does not have yet.
 */
public final class PipelineUpdateCheck {
  private static final Set<String> UPDATE_STAGES =
      Set.of("$addFields", "$set", "$project", "$unset", "$replaceRoot", "$replaceWith");

  private PipelineUpdateCheck() {}

  /**
   * Checks {@code pipeline}; returns normally only when it is empty (a no-op update).
   *
   * @throws MongoLakeException TypeMismatch or FailedToParse for a malformed stage, InvalidOptions
   *     for a stage an update may not use, NotImplemented for a valid stage
   */
  public static void check(BsonArray pipeline) {
    String firstStage = null;
    for (BsonValue stage : pipeline) {
      if (!stage.isDocument()) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH, "Each element of the 'pipeline' array must be an object");
      }
      if (stage.asDocument().size() != 1) {
        throw new MongoLakeException(
            ErrorCode.FAILED_TO_PARSE,
            "A pipeline stage specification object must contain exactly one field.");
      }
      String name = stage.asDocument().getFirstKey();
      if (!UPDATE_STAGES.contains(name)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS, name + " is not allowed to be used within an update");
      }
      if (firstStage == null) {
        firstStage = name;
      }
    }
    if (firstStage != null) {
      throw new MongoLakeException(
          ErrorCode.NOT_IMPLEMENTED,
          "Cannot run pipeline-style update: stage "
              + firstStage
              + " needs the aggregation engine, which is not available yet; use update operators"
              + " such as {$set: {...}} instead");
    }
  }
}
