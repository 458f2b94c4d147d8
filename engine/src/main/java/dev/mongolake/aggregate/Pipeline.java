package dev.mongolake.aggregate;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.StageParsers;
import dev.mongolake.internal.SpecNesting;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bson.BsonDocument;

/**
 * An aggregation pipeline: a list of stages, each parsed by a handler registered under its name
 * ({@code $match}, {@code $sort}, {@code $group}, ...). Unknown stages fail with MongoDB's
 * "Unrecognized pipeline stage name" error. Immutable and thread-safe.
 */
public final class Pipeline {

  private final List<Stage> stages;

  private Pipeline(List<Stage> stages) {
    this.stages = List.copyOf(stages);
  }

  /** Parses a pipeline; each element must be a one-field document naming a stage. */
  public static Pipeline parse(List<BsonDocument> pipeline) {
    List<Stage> stages = new ArrayList<>();
    for (BsonDocument stage : pipeline) {
      SpecNesting.check(stage, "pipeline stage");
      if (stage.size() != 1) {
        throw new MongoLakeException(
            ErrorCode.LOCATION_40323,
            "A pipeline stage specification object must contain exactly one field.");
      }
      String name = stage.getFirstKey();
      stages.add(StageParsers.parse(name, stage.get(name)));
    }
    return new Pipeline(stages);
  }

  /** Runs the pipeline over {@code input}. */
  public Iterator<BsonDocument> run(Iterator<BsonDocument> input) {
    Iterator<BsonDocument> current = input;
    for (Stage stage : stages) {
      current = stage.apply(current);
    }
    return current;
  }
}
