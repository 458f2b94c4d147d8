package dev.mongolake.delta.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/** Seeded generators of values, documents and filters that stress type brackets and arrays. */
public final class RandomDocuments {
  private static final String[] STRINGS = {"", "a", "ab", "b", "B", "\uFF21", "\uD83D\uDE00"};
  private static final String[] OPERATORS = {"$eq", "$gt", "$gte", "$lt", "$lte"};

  private final Random random;

  public RandomDocuments(long seed) {
    this.random = new Random(seed);
  }

  public BsonValue scalar() {
    return switch (random.nextInt(13)) {
      case 0 -> new BsonInt32(random.nextInt(11) - 5);
      case 1 -> new BsonInt64(random.nextBoolean() ? random.nextInt(11) - 5 : (1L << 53) + 1);
      case 2 -> new BsonDouble((random.nextInt(21) - 10) / 2.0);
      case 3 ->
          new BsonDouble(
              new double[] {
                    -0.0,
                    Double.NaN,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    0x1p53,
                    2.5e9
                  }
                  [random.nextInt(6)]);
      case 4 ->
          new BsonDecimal128(
              Decimal128.parse(new String[] {"2.5", "-0", "3", "1E+1", "NaN"}[random.nextInt(5)]));
      case 5, 6 -> new BsonString(STRINGS[random.nextInt(STRINGS.length)]);
      case 7 -> BsonBoolean.valueOf(random.nextBoolean());
      case 8 -> new BsonDateTime((random.nextInt(5) - 2) * 1000L);
      case 9 -> BsonNull.VALUE;
      case 11 ->
          new BsonObjectId(
              new ObjectId(
                  new String[] {
                        "000000000000000000000001",
                        "7fffffffffffffffffffffff",
                        "80000000000000000000000a"
                      }
                      [random.nextInt(3)]));
      case 10 -> new BsonInt32(random.nextInt(3) * 1_000_000_000 * (random.nextBoolean() ? 1 : -1));
      default -> new BsonDocument("b", new BsonInt32(random.nextInt(3)));
    };
  }

  public BsonValue value() {
    if (random.nextInt(4) == 0) {
      List<BsonValue> elements = new ArrayList<>();
      int size = random.nextInt(4);
      for (int i = 0; i < size; i++) {
        elements.add(random.nextInt(6) == 0 ? new BsonArray(List.of(scalar())) : scalar());
      }
      return new BsonArray(elements);
    }
    return scalar();
  }

  public BsonDocument document(int id) {
    BsonDocument document = new BsonDocument("_id", new BsonInt32(id));
    if (random.nextInt(6) != 0) {
      document.append("a", value());
    }
    switch (random.nextInt(4)) {
      case 0 -> document.append("p", new BsonDocument("q", value()));
      case 1 ->
          document.append(
              "p",
              new BsonArray(
                  List.of(new BsonDocument("q", scalar()), new BsonDocument("q", scalar()))));
      case 2 -> document.append("p", scalar());
      default -> {}
    }
    return document;
  }

  public BsonDocument filter() {
    int clauses = 1 + random.nextInt(2);
    List<BsonValue> parts = new ArrayList<>();
    for (int i = 0; i < clauses; i++) {
      parts.add(leaf());
    }
    if (clauses == 1) {
      return parts.getFirst().asDocument();
    }
    return new BsonDocument(random.nextBoolean() ? "$and" : "$or", new BsonArray(parts));
  }

  private static final String[] PATTERNS = {"^a", "^ab", "^b?", "a", "^\uFF21", "^a|b", "^ab*c"};
  private static final String[] OPTIONS = {"", "i", "m", "s"};

  private BsonValue regex() {
    return new BsonRegularExpression(
        PATTERNS[random.nextInt(PATTERNS.length)], OPTIONS[random.nextInt(OPTIONS.length)]);
  }

  private BsonDocument leaf() {
    String path = random.nextBoolean() ? "a" : "p.q";
    BsonValue condition =
        switch (random.nextInt(8)) {
          case 0 -> scalar();
          case 6 -> regex();
          case 1 -> new BsonDocument("$in", new BsonArray(List.of(scalar(), scalar())));
          case 2 -> new BsonDocument("$exists", BsonBoolean.valueOf(random.nextBoolean()));
          case 3 -> new BsonDocument("$ne", scalar());
          case 4 ->
              new BsonDocument(OPERATORS[random.nextInt(5)], scalar())
                  .append(OPERATORS[random.nextInt(5)], scalar());
          default -> new BsonDocument(OPERATORS[random.nextInt(5)], scalar());
        };
    if (condition.isDocument() && condition.asDocument().size() == 2) {
      // Two identical operator names would collapse; keep the document as generated otherwise.
      BsonDocument twoOperators = condition.asDocument();
      if (twoOperators.keySet().size() < 2) {
        condition = new BsonDocument("$eq", scalar());
      }
    }
    return new BsonDocument(path, condition);
  }
}
