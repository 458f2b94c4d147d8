package dev.mongolake;

import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.internal.engine.Engine;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;

/**
 * The check of a view's pipeline when the view is created or changed: it must parse as an
 * aggregation pipeline, and may not write ({@code $out}, {@code $merge}), as in MongoDB.
 */
final class ViewPipelines {

  private static final Set<String> WRITING_STAGES = Set.of("$out", "$merge");

  private ViewPipelines() {}

  /**
   * @throws MongoLakeException OptionNotSupportedOnView for a writing stage, or the pipeline's
   *     parse error
   */
  static void validate(Namespace view, List<BsonDocument> stages, Engine engine) {
    for (int i = 0; i < stages.size(); i++) {
      BsonDocument stage = stages.get(i);
      if (!stage.isEmpty() && WRITING_STAGES.contains(stage.getFirstKey())) {
        throw new MongoLakeException(
            ErrorCode.OPTION_NOT_SUPPORTED_ON_VIEW,
            "The aggregation stage "
                + stage.getFirstKey()
                + " in location "
                + i
                + " of the pipeline cannot be used in the view definition of "
                + view.fullName()
                + " because it writes to disk");
      }
    }
    Pipeline parsed =
        Pipeline.parse(stages, EngineAggregationEnvironment.of(engine, view.database(), null));
    parsed.close();
  }
}
