package dev.mongolake.fuzz;

import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Structure-aware random BSON for fuzzing the parsers: values of every BSON type, field names drawn
 * from the operators and paths the languages know (and from names they do not), nesting now and
 * then far past MongoDB's limits, sizes at the edges. Seeded, so a failure names its case.
 */
final class RandomBson {

  /** Names the filter, update, pipeline and projection languages give meaning to, and some not. */
  private static final List<String> NAMES =
      List.of(
          "a",
          "b",
          "a.b",
          "a.0",
          "a.$",
          "a.$[]",
          "a.$[x]",
          "_id",
          "",
          ".",
          "a.",
          "$",
          "x.y.z",
          "$and",
          "$or",
          "$nor",
          "$not",
          "$eq",
          "$ne",
          "$gt",
          "$gte",
          "$lt",
          "$lte",
          "$in",
          "$nin",
          "$exists",
          "$type",
          "$mod",
          "$regex",
          "$options",
          "$all",
          "$elemMatch",
          "$size",
          "$expr",
          "$jsonSchema",
          "$where",
          "$text",
          "$comment",
          "$bitsAllSet",
          "$near",
          "$set",
          "$unset",
          "$inc",
          "$mul",
          "$min",
          "$max",
          "$rename",
          "$push",
          "$pull",
          "$pullAll",
          "$addToSet",
          "$pop",
          "$each",
          "$slice",
          "$sort",
          "$position",
          "$currentDate",
          "$setOnInsert",
          "$bit",
          "$match",
          "$project",
          "$group",
          "$limit",
          "$skip",
          "$count",
          "$unwind",
          "$lookup",
          "$sum",
          "$avg",
          "$first",
          "$last",
          "$push",
          "$meta",
          "$natural",
          "$foo",
          "$$ROOT");

  private final Random random;

  RandomBson(long seed) {
    this.random = new Random(seed);
  }

  Random random() {
    return random;
  }

  String name() {
    int pick = random.nextInt(10);
    if (pick < 8) {
      return NAMES.get(random.nextInt(NAMES.size()));
    }
    return pick == 8
        ? "$" + Long.toString(random.nextLong(), 36)
        : Long.toString(random.nextLong(), 36);
  }

  /** A document of a few fields, nested at most {@code depth} more levels. */
  BsonDocument document(int depth) {
    BsonDocument document = new BsonDocument();
    int fields = random.nextInt(4);
    for (int i = 0; i < fields; i++) {
      document.put(name(), value(depth - 1));
    }
    return document;
  }

  /** Now and then a document nested {@code levels} deep, as a hostile client sends one. */
  BsonDocument deep(int levels) {
    BsonDocument inner = new BsonDocument(name(), value(0));
    for (int i = 0; i < levels; i++) {
      String wrapper = random.nextBoolean() ? "$and" : name();
      inner =
          new BsonDocument(wrapper, random.nextBoolean() ? inner : new BsonArray(List.of(inner)));
    }
    return inner;
  }

  BsonValue value(int depth) {
    int kinds = depth > 0 ? 22 : 20;
    return switch (random.nextInt(kinds)) {
      case 0 -> new BsonInt32(edgeInt());
      case 1 -> new BsonInt64(random.nextBoolean() ? random.nextLong() : edgeInt());
      case 2 -> new BsonDouble(edgeDouble());
      case 3 -> new BsonString(string());
      case 4 -> BsonBoolean.valueOf(random.nextBoolean());
      case 5 -> BsonNull.VALUE;
      case 6 -> new BsonObjectId(new ObjectId());
      case 7 -> new BsonDateTime(random.nextLong());
      case 8 -> new BsonTimestamp(random.nextLong());
      case 9 -> new BsonDecimal128(decimal());
      case 10 -> new BsonBinary(BsonBinarySubType.values()[random.nextInt(8)], bytes());
      case 11 -> new BsonRegularExpression(random.nextBoolean() ? "(" : "^a.*", options());
      case 12 -> new BsonMinKey();
      case 13 -> new BsonMaxKey();
      case 14 -> new BsonUndefined();
      case 15 -> new BsonSymbol(string());
      case 16 -> new BsonJavaScript("function() { return 1; }");
      case 17, 18, 19 -> new BsonInt32(random.nextInt(3) - 1);
      case 20 -> document(depth);
      default -> array(depth);
    };
  }

  private BsonArray array(int depth) {
    BsonArray array = new BsonArray();
    int size = random.nextInt(4);
    for (int i = 0; i < size; i++) {
      array.add(value(depth - 1));
    }
    return array;
  }

  private int edgeInt() {
    int[] edges = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 100, 101, 200, 201};
    return random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextInt();
  }

  private double edgeDouble() {
    double[] edges = {
      0.0,
      -0.0,
      Double.NaN,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      1.5,
      1e308,
      4.9e-324
    };
    return random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextGaussian();
  }

  private Decimal128 decimal() {
    Decimal128[] edges = {
      Decimal128.NaN,
      Decimal128.POSITIVE_INFINITY,
      Decimal128.NEGATIVE_ZERO,
      Decimal128.parse("1.5")
    };
    return edges[random.nextInt(edges.length)];
  }

  private String string() {
    return switch (random.nextInt(5)) {
      case 0 -> "";
      case 1 -> "a";
      case 2 -> "\u0000x";
      case 3 -> "\uD83D\uDE00 é";
      default -> "s".repeat(random.nextInt(64));
    };
  }

  private String options() {
    String[] options = {"", "i", "ims", "z", "x"};
    return options[random.nextInt(options.length)];
  }

  private byte[] bytes() {
    byte[] bytes = new byte[random.nextBoolean() ? 16 : random.nextInt(8)];
    random.nextBytes(bytes);
    return bytes;
  }
}
