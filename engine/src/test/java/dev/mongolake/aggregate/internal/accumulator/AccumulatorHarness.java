package dev.mongolake.aggregate.internal.accumulator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Runs one accumulator, as {@code $group} would, over documents written as JSON. */
final class AccumulatorHarness {
  private AccumulatorHarness() {}

  /** Parses {@code {<accumulator>: <argument>}}. */
  static AccumulatorSpec parse(String json) {
    BsonDocument document = BsonDocument.parse(json);
    String name = document.getFirstKey();
    return AccumulatorRegistry.instance().parse(name, document.get(name), VariableScope.root());
  }

  static List<BsonDocument> documents(String... json) {
    List<BsonDocument> out = new ArrayList<>();
    for (String document : json) {
      out.add(BsonDocument.parse(document));
    }
    return out;
  }

  static Accumulator run(AccumulatorSpec spec, List<BsonDocument> documents) {
    return run(spec, spec.factory().get(), documents);
  }

  static Accumulator run(
      AccumulatorSpec spec, Accumulator accumulator, List<BsonDocument> documents) {
    Variables variables = new Variables(new BsonDateTime(0));
    for (BsonDocument document : documents) {
      variables.setDocument(document);
      accumulator.accumulate(spec.input().evaluate(variables));
    }
    return accumulator;
  }

  /** The result of {@code spec} over {@code documents}. */
  static BsonValue result(String spec, String... documents) {
    return run(parse(spec), documents(documents)).result();
  }

  /** Expects a two-part run merged to give exactly what one pass gives (type included). */
  static void assertMergeMatchesOnePass(String spec, String... json) {
    AccumulatorSpec parsed = parse(spec);
    List<BsonDocument> all = documents(json);
    BsonValue onePass = run(parsed, all).result();
    for (int split = 0; split <= all.size(); split++) {
      Accumulator first = run(parsed, all.subList(0, split));
      first.merge(run(parsed, all.subList(split, all.size())));
      assertThat(first.result()).as("split at %d", split).isEqualTo(onePass);
    }
  }

  /**
   * Expects that accumulating every document and then removing the first {@code removed} gives what
   * accumulating only the rest gives.
   */
  static void assertRemoveUndoesAccumulate(String spec, int removed, String... json) {
    AccumulatorSpec parsed = parse(spec);
    List<BsonDocument> all = documents(json);
    Accumulator sliding = run(parsed, parsed.windowFactory().get(), all);
    assertThat(sliding.removable()).isTrue();
    Variables variables = new Variables(new BsonDateTime(0));
    for (BsonDocument document : all.subList(0, removed)) {
      variables.setDocument(document);
      sliding.remove(parsed.input().evaluate(variables));
    }
    assertThat(sliding.result()).isEqualTo(run(parsed, all.subList(removed, all.size())).result());
  }
}
