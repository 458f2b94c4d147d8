package dev.mongolake.aggregate.window;

import static dev.mongolake.aggregate.StageHarness.assertFails;
import static dev.mongolake.aggregate.StageHarness.documents;
import static dev.mongolake.aggregate.StageHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class FillTest {

  private static final List<BsonDocument> STOCK =
      documents(
          "{_id: 1, time: {$date: '2021-03-08T09:00:00Z'}, price: 500}",
          "{_id: 2, time: {$date: '2021-03-08T09:05:00Z'}, price: null}",
          "{_id: 3, time: {$date: '2021-03-08T09:10:00Z'}, price: 515}",
          "{_id: 4, time: {$date: '2021-03-08T09:15:00Z'}}",
          "{_id: 5, time: {$date: '2021-03-08T09:20:00Z'}, price: 530}");

  @Test
  void valueFillsOnlyNullAndMissingFieldsAndKeepsOrder() {
    List<BsonDocument> out =
        run(
            documents(
                "{d: 1, boots: 10, sandals: 20, sneakers: 12}",
                "{d: 2, boots: 7, sneakers: 18}",
                "{d: 3, sneakers: 5, boots: null}"),
            "{$fill: {output: {boots: {value: 0}, sandals: {value: 0}, sneakers: {value: 0}}}}");
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{d: 1, boots: 10, sandals: 20, sneakers: 12}"),
            BsonDocument.parse("{d: 2, boots: 7, sneakers: 18, sandals: 0}"),
            BsonDocument.parse("{d: 3, sneakers: 5, boots: 0, sandals: 0}"));
  }

  @Test
  void linearMethodInterpolatesBetweenNeighbours() {
    List<BsonDocument> out =
        run(STOCK, "{$fill: {sortBy: {time: 1}, output: {price: {method: 'linear'}}}}");
    assertThat(out)
        .extracting(d -> d.get("price").asNumber().doubleValue())
        .containsExactly(500.0, 507.5, 515.0, 522.5, 530.0);
  }

  @Test
  void locfMethodPerPartitionCarriesValuesForward() {
    List<BsonDocument> out =
        run(
            documents(
                "{p: 'b', t: 1, v: 3}",
                "{p: 'a', t: 2}",
                "{p: 'a', t: 1, v: 1}",
                "{p: 'b', t: 2, v: null}"),
            "{$fill: {partitionByFields: ['p'], sortBy: {t: 1}, output: {v: {method:"
                + " 'locf'}}}}");
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{p: 'a', t: 1, v: 1}"),
            BsonDocument.parse("{p: 'a', t: 2, v: 1}"),
            BsonDocument.parse("{p: 'b', t: 1, v: 3}"),
            BsonDocument.parse("{p: 'b', t: 2, v: 3}"));
  }

  @Test
  void specificationErrorsAsMongoDb() {
    assertFails(
        STOCK,
        ErrorCode.LOCATION_6050203,
        "The output field in '$fill' must contain an object with at least one element",
        "{$fill: {output: {}}}");
    assertFails(
        STOCK,
        ErrorCode.LOCATION_6050201,
        "Each fill output specification must have exactly one of 'method' or 'value' fields,"
            + " not both",
        "{$fill: {output: {price: {method: 'locf', value: 1}}}}");
    assertFails(
        STOCK,
        ErrorCode.LOCATION_6050202,
        "Method must be either locf or linear",
        "{$fill: {output: {price: {method: 'spline'}}}}");
    assertFails(
        STOCK,
        ErrorCode.LOCATION_6050204,
        "Maximum one of 'partitionBy' and 'partitionByFields can be specified in '$fill'",
        "{$fill: {partitionBy: '$a', partitionByFields: ['a'], output: {price: {value: 1}}}}");
    assertFails(
        STOCK,
        ErrorCode.LOCATION_605001,
        "$linearFill must be specified with a top level sortBy expression with exactly one"
            + " element",
        "{$fill: {output: {price: {method: 'linear'}}}}");
    assertFails(
        STOCK,
        ErrorCode.LOCATION_6050200,
        "Each fill output specification must be an object with exactly one field",
        "{$fill: {output: {price: 1}}}");
  }
}
