package dev.mongolake.update;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;

/** Seeded randomized checks of update operator laws; failures name the seed and the case. */
class UpdatePropertiesTest {
  private static final long SEED = 0x5EED_0BDA_7E00L;
  private static final JsonWriterSettings EXACT =
      JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
  private static final int[] EDGE_INTS = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};

  /** 1 to 4 path parts of 1 to 3 letters from a..e, so parts repeat and prefixes collide. */
  private static List<String> path(Random random) {
    int size = 1 + random.nextInt(4);
    List<String> parts = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      char[] part = new char[1 + random.nextInt(3)];
      for (int j = 0; j < part.length; j++) {
        part[j] = (char) ('a' + random.nextInt(5));
      }
      parts.add(new String(part));
    }
    return parts;
  }

  /** Any int, with the edges (0, ±1, MIN, MAX) and values near them drawn often. */
  private static int anyInt(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> EDGE_INTS[random.nextInt(EDGE_INTS.length)];
      case 1 -> EDGE_INTS[random.nextInt(EDGE_INTS.length)] + random.nextInt(7) - 3;
      case 2 -> random.nextInt(201) - 100;
      default -> random.nextInt();
    };
  }

  /** Up to 6 ints from -3..3, so duplicates are common. */
  private static List<Integer> smallArray(Random random) {
    int size = random.nextInt(7);
    List<Integer> values = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      values.add(random.nextInt(7) - 3);
    }
    return values;
  }

  private static String failure(long seed, int index, Object... inputs) {
    return "seed 0x%X, case %d: %s".formatted(seed, index, Arrays.toString(inputs));
  }

  @Test
  void setThenReadBackGivesTheValue() {
    long seed = SEED + 1;
    Random random = new Random(seed);
    for (int i = 0; i < 200; i++) {
      List<String> parts = path(random);
      int value = anyInt(random);
      String description = failure(seed, i, parts, value);

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
      assertThat(current).as(description).isEqualTo(new BsonInt32(value));
      assertThat(result.getFirstKey()).as(description).isEqualTo("_id");
      assertThat(result.keySet()).as(description).containsExactly("_id", parts.getFirst());
    }
  }

  @Test
  void incIsCommutativeOnInt32WithinRange() {
    long seed = SEED + 2;
    Random random = new Random(seed);
    for (int i = 0; i < 200; i++) {
      int start = random.nextInt(-1_000_000, 1_000_001);
      int x = random.nextInt(-1_000_000, 1_000_001);
      int y = random.nextInt(-1_000_000, 1_000_001);
      String description = failure(seed, i, start, x, y);

      BsonDocument document =
          new BsonDocument("_id", new BsonInt32(1)).append("n", new BsonInt32(start));
      BsonDocument xThenY = inc(inc(document, x), y);
      BsonDocument yThenX = inc(inc(document, y), x);
      assertThat(xThenY).as(description).isEqualTo(yThenX);
      assertThat(xThenY.get("n")).as(description).isEqualTo(new BsonInt32(start + x + y));
    }
  }

  @Test
  void incPromotesExactlyWhenTheSumLeavesInt32() {
    long seed = SEED + 3;
    Random random = new Random(seed);
    for (int i = 0; i < 200; i++) {
      int start = anyInt(random);
      int delta = anyInt(random);
      String description = failure(seed, i, start, delta);

      BsonDocument document =
          new BsonDocument("_id", new BsonInt32(1)).append("n", new BsonInt32(start));
      BsonValue result = inc(document, delta).get("n");
      long exact = (long) start + delta;
      if (exact == (int) exact) {
        assertThat(result).as(description).isEqualTo(new BsonInt32((int) exact));
      } else {
        assertThat(result.getBsonType()).as(description).isEqualTo(BsonType.INT64);
        assertThat(result.asInt64().getValue()).as(description).isEqualTo(exact);
      }
    }
  }

  @Test
  void unsetAfterSetLeavesTheOriginalDocument() {
    long seed = SEED + 4;
    Random random = new Random(seed);
    for (int i = 0; i < 100; i++) {
      List<String> parts = path(random);
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
      String description = failure(seed, i, parts);
      assertThat(set.containsKey("new")).as(description).isTrue();
      assertThat(unset.toJson(EXACT)).as(description).isEqualTo(original.toJson(EXACT));
    }
  }

  @Test
  void addToSetIsIdempotent() {
    long seed = SEED + 5;
    Random random = new Random(seed);
    for (int i = 0; i < 200; i++) {
      List<Integer> existing = smallArray(random);
      List<Integer> added = smallArray(random);
      String description = failure(seed, i, existing, added);

      BsonDocument document = new BsonDocument("_id", new BsonInt32(1)).append("s", ints(existing));
      Update update =
          Update.parse(
              new BsonDocument(
                  "$addToSet", new BsonDocument("s", new BsonDocument("$each", ints(added)))));
      BsonDocument once = update.apply(document, UpdateTesting.UPDATE).document();
      UpdateResult twice = update.apply(once, UpdateTesting.UPDATE);
      assertThat(twice.modified()).as(description).isFalse();
      assertThat(twice.document()).as(description).isEqualTo(once);
      for (int value : added) {
        assertThat(once.getArray("s")).as(description).contains(new BsonInt32(value));
      }
    }
  }

  @Test
  void pushWithNegativeSliceKeepsTheLastElements() {
    long seed = SEED + 6;
    Random random = new Random(seed);
    for (int i = 0; i < 200; i++) {
      List<Integer> existing = smallArray(random);
      List<Integer> pushed = smallArray(random);
      int keep = random.nextInt(7);
      String description = failure(seed, i, existing, pushed, keep);

      BsonDocument document = new BsonDocument("_id", new BsonInt32(1)).append("a", ints(existing));
      BsonDocument push =
          new BsonDocument("$each", ints(pushed)).append("$slice", new BsonInt32(-keep));
      BsonArray result =
          Update.parse(new BsonDocument("$push", new BsonDocument("a", push)))
              .apply(document, UpdateTesting.UPDATE)
              .document()
              .getArray("a");
      List<Integer> all = new ArrayList<>(existing);
      all.addAll(pushed);
      List<Integer> expected = all.subList(Math.max(0, all.size() - keep), all.size());
      assertThat(result).as(description).isEqualTo(ints(expected));
    }
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
