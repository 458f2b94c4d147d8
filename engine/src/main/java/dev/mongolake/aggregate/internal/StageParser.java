package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.Stage;
import org.bson.BsonValue;

/** Parses one kind of stage from its specification (the value under the stage's name). */
interface StageParser {
  String name();

  Stage parse(BsonValue specification);
}
