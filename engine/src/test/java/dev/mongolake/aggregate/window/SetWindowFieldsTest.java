package dev.mongolake.aggregate.window;

import static dev.mongolake.aggregate.StageHarness.documents;
import static dev.mongolake.aggregate.StageHarness.run;
import static dev.mongolake.aggregate.window.CakeSales.CAKE_SALES;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class SetWindowFieldsTest {

  private static List<BsonValue> field(List<BsonDocument> documents, String name) {
    return documents.stream().map(d -> d.get(name)).toList();
  }

  private static List<BsonValue> ids(List<BsonDocument> documents) {
    return field(documents, "_id");
  }

  private static List<BsonValue> ints(int... values) {
    return java.util.Arrays.stream(values).mapToObj(v -> (BsonValue) new BsonInt32(v)).toList();
  }

  @Test
  void runningSumOverDocumentsWindowComesOutByPartitionThenSortBy() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {orderDate: 1}, output:"
                + " {cumulativeQuantityForState: {$sum: '$quantity', window: {documents:"
                + " ['unbounded', 'current']}}}}}");
    assertThat(ids(out)).isEqualTo(ints(4, 0, 2, 5, 3, 1));
    assertThat(field(out, "cumulativeQuantityForState"))
        .isEqualTo(ints(162, 282, 427, 134, 238, 378));
    assertThat(out.get(0).getString("type").getValue()).isEqualTo("strawberry");
  }

  @Test
  void slidingAverageOverThePreviousAndCurrentDocument() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {orderDate: 1}, output:"
                + " {averageQuantity: {$avg: '$quantity', window: {documents: [-1, 0]}}}}}");
    assertThat(field(out, "averageQuantity"))
        .extracting(v -> v.asDouble().getValue())
        .containsExactly(162.0, 141.0, 132.5, 134.0, 119.0, 122.0);
  }

  @Test
  void slidingNonRemovableAccumulatorIsRecomputedPerWindow() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {orderDate: 1}, output:"
                + " {recent: {$push: '$_id', window: {documents: [-1, 1]}},"
                + " high: {$max: '$quantity', window: {documents: [0, 1]}}}}}");
    assertThat(out.get(0).get("recent")).isEqualTo(BsonDocument.parse("{a: [4, 0]}").get("a"));
    assertThat(out.get(1).get("recent")).isEqualTo(BsonDocument.parse("{a: [4, 0, 2]}").get("a"));
    assertThat(out.get(2).get("recent")).isEqualTo(BsonDocument.parse("{a: [0, 2]}").get("a"));
    assertThat(field(out, "high")).isEqualTo(ints(162, 145, 145, 134, 140, 140));
  }

  @Test
  void emptyDocumentsWindowAnswersTheAccumulatorsEmptyValue() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {orderDate: 1}, output:"
                + " {before: {$sum: '$quantity', window: {documents: ['unbounded', -1]}},"
                + " avgBefore: {$avg: '$quantity', window: {documents: [-2, -1]}}}}}");
    assertThat(field(out, "before")).isEqualTo(ints(0, 162, 282, 0, 134, 238));
    assertThat(out.get(0).get("avgBefore").isNull()).isTrue();
  }

  @Test
  void wholePartitionIsTheDefaultWindowAndNeedsNoSortBy() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', output: {total: {$sum: '$quantity'},"
                + " n: {$count: {}}}}}");
    assertThat(field(out, "total")).isEqualTo(ints(427, 427, 427, 378, 378, 378));
    assertThat(field(out, "n")).isEqualTo(ints(3, 3, 3, 3, 3, 3));
  }

  @Test
  void numericRangeWindowIncludesValuesWithinTheOffsets() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {price: 1}, output:"
                + " {quantityFromSimilarOrders: {$sum: '$quantity', window: {range: [-10,"
                + " 10]}}}}}");
    assertThat(ids(out)).isEqualTo(ints(2, 0, 4, 3, 1, 5));
    assertThat(field(out, "quantityFromSimilarOrders"))
        .isEqualTo(ints(265, 265, 162, 244, 244, 134));
  }

  @Test
  void timeRangeWindowMovesByCalendarMonths() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {orderDate: 1}, output:"
                + " {recentOrders: {$push: '$_id', window: {range: ['unbounded', 10], unit:"
                + " 'month'}}}}}");
    assertThat(field(out, "recentOrders"))
        .isEqualTo(
            documents(
                    "{a: [4]}",
                    "{a: [4, 0, 2]}",
                    "{a: [4, 0, 2]}",
                    "{a: [5]}",
                    "{a: [5, 3]}",
                    "{a: [5, 3, 1]}")
                .stream()
                .map(d -> d.get("a"))
                .toList());
  }

  @Test
  void rankSkipsAfterTiesDenseRankDoesNotDocumentNumberCounts() {
    List<BsonDocument> input =
        documents(
            "{_id: 1, q: 5}",
            "{_id: 2, q: 7}",
            "{_id: 3, q: 5}",
            "{_id: 4, q: 9}",
            "{_id: 5}",
            "{_id: 6, q: null}");
    List<BsonDocument> out =
        run(
            input,
            "{$setWindowFields: {sortBy: {q: 1}, output: {rank: {$rank: {}}, dense: {$denseRank:"
                + " {}}, number: {$documentNumber: {}}}}}");
    assertThat(ids(out)).isEqualTo(ints(5, 6, 1, 3, 2, 4));
    assertThat(field(out, "rank")).isEqualTo(ints(1, 1, 3, 3, 5, 6));
    assertThat(field(out, "dense")).isEqualTo(ints(1, 1, 2, 2, 3, 4));
    assertThat(field(out, "number")).isEqualTo(ints(1, 2, 3, 4, 5, 6));
  }

  @Test
  void rankFollowsADescendingSortBy() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {quantity: -1}, output:"
                + " {rankQuantityForState: {$rank: {}}}}}");
    assertThat(ids(out)).isEqualTo(ints(4, 2, 0, 1, 5, 3));
    assertThat(field(out, "rankQuantityForState")).isEqualTo(ints(1, 2, 3, 1, 2, 3));
  }

  @Test
  void shiftReadsAnotherDocumentOrTheDefault() {
    List<BsonDocument> out =
        run(
            CAKE_SALES,
            "{$setWindowFields: {partitionBy: '$state', sortBy: {quantity: -1}, output:"
                + " {next: {$shift: {output: '$quantity', by: 1, default: 'Not available'}},"
                + " previous: {$shift: {output: '$quantity', by: -1}}}}}");
    assertThat(field(out, "next"))
        .isEqualTo(
            documents(
                    "{a: 145}",
                    "{a: 120}",
                    "{a: 'Not available'}",
                    "{a: 134}",
                    "{a: 104}",
                    "{a: 'Not available'}")
                .stream()
                .map(d -> d.get("a"))
                .toList());
    assertThat(out.get(0).get("previous").isNull()).isTrue();
    assertThat(out.get(1).get("previous")).isEqualTo(new BsonInt32(162));
  }

  @Test
  void expMovingAverageWithNWeighsTwoOverNPlusOne() {
    List<BsonDocument> input =
        documents(
            "{_id: 1, s: 'ABC', d: 1, price: 13}",
            "{_id: 2, s: 'ABC', d: 2, price: 15.4}",
            "{_id: 3, s: 'ABC', d: 3, price: 12}",
            "{_id: 4, s: 'ABC', d: 4, price: 11.7}",
            "{_id: 5, s: 'DEF', d: 1, price: 82}",
            "{_id: 6, s: 'DEF', d: 2, price: 94}");
    List<BsonDocument> out =
        run(
            input,
            "{$setWindowFields: {partitionBy: '$s', sortBy: {d: 1}, output: {avg:"
                + " {$expMovingAvg: {input: '$price', N: 2}}, alpha: {$expMovingAvg: {input:"
                + " '$price', alpha: 0.5}}}}}");
    assertThat(field(out, "avg"))
        .extracting(v -> v.asDouble().getValue())
        .containsExactly(13.0, 14.6, 12.866666666666667, 12.088888888888889, 82.0, 90.0);
    assertThat(out.get(1).get("alpha").asDouble().getValue()).isEqualTo(14.2);
  }

  @Test
  void derivativePerHourOverAThirtySecondWindow() {
    List<BsonDocument> input =
        documents(
            "{t: '1', ts: {$date: '2020-05-18T14:10:30Z'}, miles: 1295.1}",
            "{t: '1', ts: {$date: '2020-05-18T14:11:00Z'}, miles: 1295.63}",
            "{t: '1', ts: {$date: '2020-05-18T14:11:30Z'}, miles: 1296.25}");
    List<BsonDocument> out =
        run(
            input,
            "{$setWindowFields: {partitionBy: '$t', sortBy: {ts: 1}, output: {speed:"
                + " {$derivative: {input: '$miles', unit: 'hour'}, window: {range: [-30, 0],"
                + " unit: 'second'}}}}}");
    assertThat(out.get(0).get("speed").isNull()).isTrue();
    assertThat(out.get(1).get("speed").asDouble().getValue()).isEqualTo(63.60000000002401);
    assertThat(out.get(2).get("speed").asDouble().getValue()).isCloseTo(74.4, within());
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }

  @Test
  void integralByTheTrapezoidalRuleInKilowattHours() {
    List<BsonDocument> input =
        documents(
            "{m: '1', ts: {$date: '2020-05-18T10:30:00Z'}, kw: 2.95}",
            "{m: '1', ts: {$date: '2020-05-18T10:35:00Z'}, kw: 2.7}",
            "{m: '1', ts: {$date: '2020-05-18T10:40:00Z'}, kw: 2.6}",
            "{m: '1', ts: {$date: '2020-05-18T10:45:00Z'}, kw: 2.98}");
    List<BsonDocument> out =
        run(
            input,
            "{$setWindowFields: {partitionBy: '$m', sortBy: {ts: 1}, output: {kwh: {$integral:"
                + " {input: '$kw', unit: 'hour'}, window: {range: ['unbounded', 'current'],"
                + " unit: 'minute'}}}}}");
    assertThat(field(out, "kwh"))
        .extracting(v -> v.asDouble().getValue())
        .containsExactly(0.0, 0.23541666666666666, 0.45625, 0.68875);
  }

  @Test
  void integralWithoutUnitOfASinglePointIsInt32Zero() {
    List<BsonDocument> out =
        run(
            documents("{x: 1, y: 2}", "{x: 3, y: 4}"),
            "{$setWindowFields: {sortBy: {x: 1}, output: {area: {$integral: {input: '$y'},"
                + " window: {documents: ['unbounded', 'current']}}}}}");
    assertThat(out.get(0).get("area")).isEqualTo(new BsonInt32(0));
    assertThat(out.get(1).get("area").asDouble().getValue()).isEqualTo(6.0);
  }

  @Test
  void covarianceOfPairsPopulationAndSample() {
    List<BsonDocument> out =
        run(
            documents("{x: 1, y: 2}", "{x: 2, y: 4}", "{x: 3, y: 9}", "{x: 4, y: 'no'}"),
            "{$setWindowFields: {sortBy: {x: 1}, output: {pop: {$covariancePop: ['$x', '$y']},"
                + " samp: {$covarianceSamp: ['$x', '$y'], window: {documents: ['unbounded',"
                + " 'current']}}}}}");
    // The pairs (1,2), (2,4), (3,9): mean x 2, mean y 5, comoment 7.
    assertThat(out.get(0).get("pop").asDouble().getValue()).isCloseTo(7.0 / 3, within());
    assertThat(out.get(0).get("samp").isNull()).isTrue();
    assertThat(out.get(1).get("samp").asDouble().getValue()).isCloseTo(1.0, within());
    assertThat(out.get(3).get("samp").asDouble().getValue()).isCloseTo(3.5, within());
  }

  @Test
  void locfCarriesTheLastNonNullValueForward() {
    List<BsonDocument> out =
        run(
            documents("{t: 1}", "{t: 2, p: 5}", "{t: 3, p: null}", "{t: 4}", "{t: 5, p: 7}"),
            "{$setWindowFields: {sortBy: {t: 1}, output: {p: {$locf: '$p'}}}}");
    assertThat(out.get(0).get("p").isNull()).isTrue();
    assertThat(field(out.subList(1, 5), "p")).isEqualTo(ints(5, 5, 5, 7));
  }

  @Test
  void linearFillInterpolatesAgainstDates() {
    List<BsonDocument> out =
        run(
            documents(
                "{time: {$date: '2021-03-08T09:00:00Z'}, price: 500}",
                "{time: {$date: '2021-03-08T09:05:00Z'}, price: null}",
                "{time: {$date: '2021-03-08T09:10:00Z'}, price: 515}",
                "{time: {$date: '2021-03-08T09:15:00Z'}}",
                "{time: {$date: '2021-03-08T09:20:00Z'}, price: null}",
                "{time: {$date: '2021-03-08T09:25:00Z'}, price: 530}",
                "{time: {$date: '2021-03-08T09:30:00Z'}}"),
            "{$setWindowFields: {sortBy: {time: 1}, output: {price: {$linearFill: '$price'}}}}");
    assertThat(out.get(0).get("price")).isEqualTo(new BsonInt32(500));
    assertThat(out.get(1).get("price").asDouble().getValue()).isEqualTo(507.5);
    assertThat(out.get(3).get("price").asDouble().getValue()).isEqualTo(520.0);
    assertThat(out.get(4).get("price").asDouble().getValue()).isEqualTo(525.0);
    assertThat(out.get(6).get("price").isNull()).isTrue();
  }

  @Test
  void outputMayBeADottedPath() {
    List<BsonDocument> out =
        run(
            documents("{_id: 1, a: {keep: true}, v: 2}", "{_id: 2, v: 3}"),
            "{$setWindowFields: {sortBy: {_id: 1}, output: {'a.total': {$sum: '$v'}}}}");
    assertThat(out.get(0))
        .isEqualTo(BsonDocument.parse("{_id: 1, a: {keep: true, total: 5}, v: 2}"));
    assertThat(out.get(1)).isEqualTo(BsonDocument.parse("{_id: 2, v: 3, a: {total: 5}}"));
  }

  @Test
  void firstAndLastReadTheWindowsEndsAndLeaveMissingValuesOut() {
    List<BsonDocument> out =
        run(
            documents("{_id: 1, v: 'a'}", "{_id: 2}", "{_id: 3, v: 'c'}"),
            "{$setWindowFields: {sortBy: {_id: 1}, output: {first: {$first: '$v', window:"
                + " {documents: [-1, 0]}}, last: {$last: '$v', window: {documents: [1, 1]}},"
                + " all: {$first: '$v'}}}}");
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{_id: 1, v: 'a', first: 'a', all: 'a'}"),
            BsonDocument.parse("{_id: 2, first: 'a', last: 'c', all: 'a'}"),
            BsonDocument.parse("{_id: 3, v: 'c', last: null, all: 'a'}"));
  }

  @Test
  void shiftOfAMissingValueLeavesTheFieldOut() {
    List<BsonDocument> out =
        run(
            documents("{_id: 1, v: 1, s: 'old'}", "{_id: 2}"),
            "{$setWindowFields: {sortBy: {_id: 1}, output: {s: {$shift: {output: '$v', by:"
                + " 1}}}}}");
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{_id: 1, v: 1}"), BsonDocument.parse("{_id: 2, s: null}"));
  }

  @Test
  void missingPartitionValueJoinsTheNullPartition() {
    List<BsonDocument> out =
        run(
            documents("{_id: 1, p: null}", "{_id: 2, p: 'x'}", "{_id: 3}"),
            "{$setWindowFields: {partitionBy: '$p', output: {n: {$count: {}}}}}");
    assertThat(ids(out)).isEqualTo(ints(1, 3, 2));
    assertThat(field(out, "n")).isEqualTo(ints(2, 2, 1));
  }
}
