package dev.mongolake.aggregate.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.Pipeline;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;

/** Runs pipelines written as JSON over documents written as JSON, for the stage tests. */
final class Stages {

  private Stages() {}

  static List<BsonDocument> documents(String... json) {
    List<BsonDocument> out = new ArrayList<>();
    for (String document : json) {
      out.add(BsonDocument.parse(document));
    }
    return out;
  }

  static Pipeline pipeline(String let, String... stages) {
    List<BsonDocument> pipeline = new ArrayList<>();
    for (String stage : stages) {
      pipeline.add(BsonDocument.parse(stage));
    }
    return Pipeline.parse(
        pipeline,
        AggregationEnvironment.standalone(Instant.ofEpochMilli(0), BsonDocument.parse(let)));
  }

  /** One stage, {@code {$name: spec}}, parsed with no {@code let}. */
  static PipelineStage stage(String json) {
    BsonDocument stage = BsonDocument.parse(json);
    String name = stage.getFirstKey();
    return StageParsers.parse(
        name,
        stage.get(name),
        PipelineContext.of(
            AggregationEnvironment.standalone(Instant.ofEpochMilli(0), new BsonDocument())));
  }

  static List<BsonDocument> run(List<BsonDocument> input, String... stages) {
    return runWithLet("{}", input, stages);
  }

  static List<BsonDocument> runWithLet(String let, List<BsonDocument> input, String... stages) {
    List<BsonDocument> out = new ArrayList<>();
    pipeline(let, stages).run(input.iterator()).forEachRemaining(out::add);
    return out;
  }

  /** Asserts that running {@code stages} fails with {@code code} and exactly {@code message}. */
  static void assertFails(
      List<BsonDocument> input, ErrorCode code, String message, String... stages) {
    assertThatThrownBy(() -> run(input, stages))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }
}
