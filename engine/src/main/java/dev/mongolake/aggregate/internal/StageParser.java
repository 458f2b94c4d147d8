package dev.mongolake.aggregate.internal;

import org.bson.BsonValue;

/** Parses one kind of stage from its specification (the value under the stage's name). */
@FunctionalInterface
public interface StageParser {

  /**
   * @param specification the value under the stage's name
   * @param context the command's variables and environment
   * @throws dev.mongolake.MongoLakeException with MongoDB's code when the specification is invalid
   */
  PipelineStage parse(BsonValue specification, PipelineContext context);
}
