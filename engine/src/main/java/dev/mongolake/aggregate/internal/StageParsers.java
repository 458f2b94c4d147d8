package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.Stage;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.bson.BsonValue;

/** The registry of stage parsers, by stage name. */
public final class StageParsers {

  private static final Map<String, StageParser> PARSERS =
      List.of(
              new MatchStage(),
              new SortStage(),
              new SkipStage(),
              new LimitStage(),
              new ProjectStage(),
              new CountStage(),
              new GroupStage())
          .stream()
          .collect(Collectors.toUnmodifiableMap(StageParser::name, Function.identity()));

  private StageParsers() {}

  /** Parses the stage named {@code name}. */
  public static Stage parse(String name, BsonValue specification) {
    StageParser parser = PARSERS.get(name);
    if (parser == null) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_40324, "Unrecognized pipeline stage name: '" + name + "'");
    }
    return parser.parse(specification);
  }
}
