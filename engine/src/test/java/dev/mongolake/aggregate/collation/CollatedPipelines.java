package dev.mongolake.aggregate.collation;

import dev.mongolake.aggregate.AggregationEnvironment;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.delta.order.Collation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Runs pipelines written as JSON under a collation written as JSON, for the collation tests. */
final class CollatedPipelines {

  /** English, case-insensitive: {@code "a"} equals {@code "A"}. */
  static final String CASE_INSENSITIVE = "{locale: 'en', strength: 2}";

  /** English with digit runs compared as numbers: {@code "9" < "10"}. */
  static final String NUMERIC = "{locale: 'en', numericOrdering: true}";

  static final String SIMPLE = "{locale: 'simple'}";

  private CollatedPipelines() {}

  static Collation collation(String json) {
    return Collation.parse(BsonDocument.parse(json));
  }

  static AggregationEnvironment environment(String collation) {
    return AggregationEnvironment.standalone(
        Instant.parse("2026-01-02T03:04:05Z"), new BsonDocument(), collation(collation));
  }

  static List<BsonDocument> documents(String... json) {
    List<BsonDocument> out = new ArrayList<>();
    for (String document : json) {
      out.add(BsonDocument.parse(document));
    }
    return out;
  }

  /** The results of {@code stages} over {@code input} under {@code collation}. */
  static List<BsonDocument> run(String collation, List<BsonDocument> input, String... stages) {
    List<BsonDocument> out = new ArrayList<>();
    try (Pipeline pipeline = Pipeline.parse(documents(stages), environment(collation))) {
      pipeline.run(input.iterator()).forEachRemaining(out::add);
    }
    return out;
  }

  /** The value of {@code expression} over {@code document} under {@code collation}. */
  static BsonValue evaluate(String collation, String document, String expression) {
    List<BsonDocument> out =
        run(collation, documents(document), "{$project: {_id: 0, v: " + expression + "}}");
    return out.getFirst().get("v");
  }

  static BsonValue json(String value) {
    return BsonDocument.parse("{v: " + value + "}").get("v");
  }
}
