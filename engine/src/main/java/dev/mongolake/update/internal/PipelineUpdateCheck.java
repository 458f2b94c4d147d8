package dev.mongolake.update.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonValue;

/**
 * Validates the shape of a pipeline-style update (a list of stages) the way MongoDB does before the
 * stages themselves are parsed: only the stages that reshape one document are allowed.
 */
public final class PipelineUpdateCheck {
  private static final Set<String> UPDATE_STAGES =
      Set.of("$addFields", "$set", "$project", "$unset", "$replaceRoot", "$replaceWith");

  private PipelineUpdateCheck() {}

  /**
   * Checks {@code pipeline}.
   *
   * @throws MongoLakeException TypeMismatch or FailedToParse for a malformed stage, InvalidOptions
   *     for a stage an update may not use
   */
  public static void check(BsonArray pipeline) {
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
    }
  }
}
