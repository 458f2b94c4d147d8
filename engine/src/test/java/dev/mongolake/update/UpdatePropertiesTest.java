package dev.mongolake.update;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

class UpdatePropertiesTest {
  @Provide
  Arbitrary<List<String>> paths() {
    return Arbitraries.strings()
        .withCharRange('a', 'e')
        .ofMinLength(1)
        .ofMaxLength(3)
        .list()
        .ofMinSize(1)
        .ofMaxSize(4);
  }

  @Property(tries = 200)
  void setThenReadBackGivesTheValue(@ForAll("paths") List<String> parts, @ForAll int value) {
    String path = String.join(".", parts);
    BsonDocument update = new BsonDocument("$set", new BsonDocument(path, new BsonInt32(value)));
    BsonDocument result =
        Update.parse(update)
            .apply(new BsonDocument("_id", new BsonString("k")), UpdateTesting.UPDATE)
            .document();
    BsonValue current = result;
    for (String part : parts) {
      current = current.asDocument().get(part);
    }
    assertThat(current).isEqualTo(new BsonInt32(value));
    assertThat(result.getFirstKey()).isEqualTo("_id");
  }

  @Property(tries = 200)
  void incIsCommutativeOnInt32WithinRange(
      @ForAll @IntRange(min = -1_000_000, max = 1_000_000) int start,
      @ForAll @IntRange(min = -1_000_000, max = 1_000_000) int x,
      @ForAll @IntRange(min = -1_000_000, max = 1_000_000) int y) {
    BsonDocument document =
        new BsonDocument("_id", new BsonInt32(1)).append("n", new BsonInt32(start));
    BsonDocument xThenY = inc(inc(document, x), y);
    BsonDocument yThenX = inc(inc(document, y), x);
    assertThat(xThenY).isEqualTo(yThenX);
    assertThat(xThenY.get("n")).isEqualTo(new BsonInt32(start + x + y));
  }

  @Property(tries = 200)
  void incPromotesExactlyWhenTheSumLeavesInt32(@ForAll int start, @ForAll int delta) {
    BsonDocument document =
        new BsonDocument("_id", new BsonInt32(1)).append("n", new BsonInt32(start));
    BsonValue result = inc(document, delta).get("n");
    long exact = (long) start + delta;
    if (exact == (int) exact) {
      assertThat(result).isEqualTo(new BsonInt32((int) exact));
    } else {
      assertThat(result.asInt64().getValue()).isEqualTo(exact);
    }
  }

  @Property(tries = 100)
  void unsetAfterSetLeavesTheOriginalDocument(@ForAll("paths") List<String> parts) {
    String path = "new" + "." + String.join(".", parts);
    BsonDocument original = BsonDocument.parse("{_id: 1, keep: {x: 1}}");
    BsonDocument set =
        Update.parse(new BsonDocument("$set", new BsonDocument(path, new BsonInt32(1))))
            .apply(original, UpdateTesting.UPDATE)
            .document();
    BsonDocument unset =
        Update.parse(new BsonDocument("$unset", new BsonDocument("new", new BsonString(""))))
            .apply(set, UpdateTesting.UPDATE)
            .document();
    UpdateTesting.assertDocument(unset, original.toJson());
  }

  @Property(tries = 200)
  void addToSetIsIdempotent(
      @ForAll("smallArrays") List<Integer> existing, @ForAll("smallArrays") List<Integer> added) {
    BsonDocument document = new BsonDocument("_id", new BsonInt32(1)).append("s", ints(existing));
    Update update =
        Update.parse(
            new BsonDocument(
                "$addToSet", new BsonDocument("s", new BsonDocument("$each", ints(added)))));
    BsonDocument once = update.apply(document, UpdateTesting.UPDATE).document();
    UpdateResult twice = update.apply(once, UpdateTesting.UPDATE);
    assertThat(twice.modified()).isFalse();
    assertThat(twice.document()).isEqualTo(once);
    for (int value : added) {
      assertThat(once.getArray("s")).contains(new BsonInt32(value));
    }
  }

  @Property(tries = 200)
  void pushWithNegativeSliceKeepsTheLastElements(
      @ForAll("smallArrays") List<Integer> existing,
      @ForAll("smallArrays") List<Integer> pushed,
      @ForAll @IntRange(min = 0, max = 6) int keep) {
    BsonDocument document = new BsonDocument("_id", new BsonInt32(1)).append("a", ints(existing));
    BsonDocument push =
        new BsonDocument("$each", ints(pushed)).append("$slice", new BsonInt32(-keep));
    BsonArray result =
        Update.parse(new BsonDocument("$push", new BsonDocument("a", push)))
            .apply(document, UpdateTesting.UPDATE)
            .document()
            .getArray("a");
    List<Integer> all = new java.util.ArrayList<>(existing);
    all.addAll(pushed);
    List<Integer> expected = all.subList(Math.max(0, all.size() - keep), all.size());
    assertThat(result).isEqualTo(ints(expected));
  }

  @Provide
  Arbitrary<List<Integer>> smallArrays() {
    return Arbitraries.integers().between(-3, 3).list().ofMaxSize(6);
  }

  private static BsonArray ints(List<Integer> values) {
    BsonArray array = new BsonArray();
    values.forEach(v -> array.add(new BsonInt32(v)));
    return array;
  }

  private static BsonDocument inc(BsonDocument document, int delta) {
    return Update.parse(new BsonDocument("$inc", new BsonDocument("n", new BsonInt32(delta))))
        .apply(document, UpdateTesting.UPDATE)
        .document();
  }
}
