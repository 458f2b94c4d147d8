package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decimal negative zero, NaN and the infinities, which Java's BigDecimal cannot hold, go through
 * update arithmetic and accumulators as MongoDB's decimal arithmetic takes them (found by fuzzing:
 * they escaped as ArithmeticException).
 */
class DecimalEdgeValuesTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> numbers;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    numbers = lake.db("app").collection("numbers", BsonDocument.class);
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static BsonDecimal128 decimal(String text) {
    return new BsonDecimal128(Decimal128.parse(text));
  }

  @Test
  void multiplyingAMissingFieldByNegativeZeroStoresNegativeZero() {
    numbers.insertOne(new BsonDocument("_id", new BsonInt32(1)));
    numbers.updateOne(
        new BsonDocument("_id", new BsonInt32(1)),
        new BsonDocument("$mul", new BsonDocument("x", decimal("-0"))));
    BsonDecimal128 x = numbers.find().first().getDecimal128("x");
    assertThat(x.getValue().isNegative()).isTrue();
    assertThat(x.getValue().toString()).startsWith("-0");
  }

  @Test
  void incrementingByNegativeZeroKeepsTheValue() {
    numbers.insertOne(new BsonDocument("_id", new BsonInt32(1)).append("x", decimal("2.5")));
    numbers.updateOne(
        new BsonDocument("_id", new BsonInt32(1)),
        new BsonDocument("$inc", new BsonDocument("x", decimal("-0"))));
    assertThat(numbers.find().first().getDecimal128("x")).isEqualTo(decimal("2.5"));
  }

  @Test
  void sumsAndAveragesOfNegativeZeroNanAndInfinityAreDecimals() {
    numbers.insertMany(
        List.of(
            new BsonDocument("_id", new BsonInt32(1))
                .append("g", new BsonInt32(1))
                .append("v", decimal("-0")),
            new BsonDocument("_id", new BsonInt32(2))
                .append("g", new BsonInt32(1))
                .append("v", decimal("1.5")),
            new BsonDocument("_id", new BsonInt32(3))
                .append("g", new BsonInt32(2))
                .append("v", decimal("Infinity")),
            new BsonDocument("_id", new BsonInt32(4))
                .append("g", new BsonInt32(2))
                .append("v", new BsonDouble(1)),
            new BsonDocument("_id", new BsonInt32(5))
                .append("g", new BsonInt32(3))
                .append("v", decimal("NaN"))));
    List<BsonDocument> groups = new java.util.ArrayList<>();
    try (MongoLakeCursor<BsonDocument> cursor =
        numbers.aggregate(
            List.of(
                BsonDocument.parse("{$group: {_id: '$g', sum: {$sum: '$v'}, avg: {$avg: '$v'}}}"),
                BsonDocument.parse("{$sort: {_id: 1}}")))) {
      cursor.forEachRemaining(groups::add);
    }

    assertThat(groups.get(0).get("sum")).isEqualTo(decimal("1.5"));
    assertThat(groups.get(0).get("avg")).isEqualTo(decimal("0.75"));
    assertThat(groups.get(1).get("sum")).isEqualTo(decimal("Infinity"));
    assertThat(groups.get(1).get("avg")).isEqualTo(decimal("Infinity"));
    assertThat(groups.get(2).get("sum")).isEqualTo(decimal("NaN"));
  }
}
