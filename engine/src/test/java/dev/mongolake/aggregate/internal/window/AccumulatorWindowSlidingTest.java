package dev.mongolake.aggregate.internal.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.aggregate.internal.accumulator.Accumulator;
import dev.mongolake.aggregate.internal.accumulator.AccumulatorSpec;
import dev.mongolake.aggregate.internal.expression.ExpressionParser;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * A removable accumulator slides (adds what enters, removes what leaves) and answers what a fresh
 * accumulation of each window answers.
 */
class AccumulatorWindowSlidingTest {

  /** Lists its inputs, removing the oldest: what it answers shows exactly what the window held. */
  private static final class RemovableList implements Accumulator {
    private final List<BsonValue> values = new ArrayList<>();
    static int removals;

    @Override
    public void accumulate(BsonValue value) {
      values.add(value);
    }

    @Override
    public BsonValue result() {
      return new BsonArray(new ArrayList<>(values));
    }

    @Override
    public void merge(Accumulator other) {
      values.addAll(((RemovableList) other).values);
    }

    @Override
    public boolean removable() {
      return true;
    }

    @Override
    public void remove(BsonValue value) {
      assertThat(values.get(0)).isEqualTo(value);
      values.remove(0);
      removals++;
    }
  }

  private static BsonValue[] windows(String bounds, int size) {
    SortBy sortBy = SortBy.parse(BsonDocument.parse("{x: 1}"));
    VariableScope scope = VariableScope.root();
    WindowBounds window = WindowBounds.parse(BsonDocument.parse(bounds), sortBy, scope);
    AccumulatorSpec spec =
        new AccumulatorSpec(
            "$list", ExpressionParser.parse(new BsonString("$x"), scope), RemovableList::new);
    List<BsonDocument> documents = new ArrayList<>();
    BsonValue[] sortValues = new BsonValue[size];
    for (int i = 0; i < size; i++) {
      documents.add(new BsonDocument("x", new BsonInt32(i * 10)));
      sortValues[i] = new BsonInt32(i * 10);
    }
    Partition partition =
        new Partition(documents, sortValues, sortBy, new Variables(new BsonDateTime(0)));
    return new AccumulatorWindow(new BsonDocument(), spec, window).compute(partition);
  }

  private static BsonValue list(int... values) {
    BsonArray array = new BsonArray();
    for (int value : values) {
      array.add(new BsonInt32(value));
    }
    return array;
  }

  @Test
  void slidingDocumentsWindowRemovesWhatLeaves() {
    RemovableList.removals = 0;
    assertThat(windows("{documents: [-1, 1]}", 4))
        .containsExactly(list(0, 10), list(0, 10, 20), list(10, 20, 30), list(20, 30));
    assertThat(RemovableList.removals).isEqualTo(2);
  }

  @Test
  void windowEntirelyAheadOrBehindJumpsAndEmptyWindowsAreEmpty() {
    assertThat(windows("{documents: [2, 3]}", 5))
        .containsExactly(list(20, 30), list(30, 40), list(40), list(), list());
    assertThat(windows("{documents: [-3, -2]}", 5))
        .containsExactly(list(), list(), list(0), list(0, 10), list(10, 20));
  }

  @Test
  void slidingRangeWindowFollowsTheValues() {
    assertThat(windows("{range: [-10, 5]}", 4))
        .containsExactly(list(0), list(0, 10), list(10, 20), list(20, 30));
  }
}
