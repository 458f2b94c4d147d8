package dev.mongolake.aggregate;

import static dev.mongolake.aggregate.StageHarness.assertFails;
import static dev.mongolake.aggregate.StageHarness.documents;
import static dev.mongolake.aggregate.StageHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class BucketStagesTest {

  private static final List<BsonDocument> NONE = List.of();

  // The manual's artists.
  private static final List<BsonDocument> ARTISTS =
      documents(
          "{_id: 1, last_name: 'Bernard', year_born: 1868}",
          "{_id: 2, last_name: 'Rippl-Ronai', year_born: 1861}",
          "{_id: 3, last_name: 'Ostroumova', year_born: 1871}",
          "{_id: 4, last_name: 'Van Gogh', year_born: 1853}",
          "{_id: 5, last_name: 'Maurer', year_born: 1868}",
          "{_id: 6, last_name: 'Munch', year_born: 1863}",
          "{_id: 7, last_name: 'Redon', year_born: 1840}",
          "{_id: 8, last_name: 'Diriks', year_born: 1855}");

  // The manual's artwork prices.
  private static final List<BsonDocument> ARTWORK =
      documents(
          "{_id: 1, price: NumberDecimal('199.99')}",
          "{_id: 2, price: NumberDecimal('280.00')}",
          "{_id: 3, price: NumberDecimal('76.04')}",
          "{_id: 4, price: NumberDecimal('167.30')}",
          "{_id: 5, price: NumberDecimal('483.00')}",
          "{_id: 6, price: NumberDecimal('385.00')}",
          "{_id: 7, price: NumberDecimal('159.00')}",
          "{_id: 8, price: NumberDecimal('118.42')}");

  @Test
  void bucketGroupsByBoundariesSortedById() {
    assertThat(
            run(
                ARTISTS,
                "{$bucket: {groupBy: '$year_born', boundaries: [1840, 1850, 1860, 1870, 1880],"
                    + " default: 'Other', output: {count: {$sum: 1}, artists: {$push:"
                    + " '$last_name'}}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 1840, count: 1, artists: ['Redon']}"),
            BsonDocument.parse("{_id: 1850, count: 2, artists: ['Van Gogh', 'Diriks']}"),
            BsonDocument.parse(
                "{_id: 1860, count: 4, artists: ['Bernard', 'Rippl-Ronai', 'Maurer', 'Munch']}"),
            BsonDocument.parse("{_id: 1870, count: 1, artists: ['Ostroumova']}"));
  }

  @Test
  void bucketPutsOtherValuesInTheDefaultAndCountsWithoutOutput() {
    assertThat(
            run(
                documents("{v: 5}", "{v: 'x'}", "{}", "{v: 15}"),
                "{$bucket: {groupBy: '$v', boundaries: [0, 10], default: 'Other'}}"))
        .containsExactly(
            BsonDocument.parse("{_id: 0, count: 1}"),
            BsonDocument.parse("{_id: 'Other', count: 3}"));
  }

  @Test
  void bucketWithoutDefaultFailsOnAValueOutsideTheBoundaries() {
    assertFails(
        documents("{v: 15}"),
        ErrorCode.LOCATION_40066,
        "$switch could not find a matching branch for an input, and no default was specified.",
        "{$bucket: {groupBy: '$v', boundaries: [0, 10]}}");
  }

  @Test
  void bucketSpecificationErrorsAreMongoDbs() {
    assertFails(
        NONE,
        ErrorCode.LOCATION_40201,
        "Argument to $bucket stage must be an object, but found type: int.",
        "{$bucket: 1}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40202,
        "The $bucket 'groupBy' field must be defined as a $-prefixed path or an expression, but found: \"v\".",
        "{$bucket: {groupBy: 'v', boundaries: [0, 1]}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40200,
        "The $bucket 'boundaries' field must be an array, but found type: int.",
        "{$bucket: {groupBy: '$v', boundaries: 1}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40191,
        "The $bucket 'boundaries' field must be an array of constant values, but found value: \"$x\".",
        "{$bucket: {groupBy: '$v', boundaries: [0, '$x']}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40192,
        "The $bucket 'boundaries' field must have at least 2 values, but found 1 value(s).",
        "{$bucket: {groupBy: '$v', boundaries: [0]}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40193,
        "All values in the the 'boundaries' option to $bucket must have the same type. Found conflicting types int and string.",
        "{$bucket: {groupBy: '$v', boundaries: [0, 'a']}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40194,
        "The 'boundaries' option to $bucket must be sorted, but elements 0 and 1 are not in ascending order (5 is not less than 1).",
        "{$bucket: {groupBy: '$v', boundaries: [5, 1]}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40195,
        "The $bucket 'default' field must be a constant expression, but found: \"$x\".",
        "{$bucket: {groupBy: '$v', boundaries: [0, 1], default: '$x'}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40196,
        "The $bucket 'output' field must be an object, but found type: int.",
        "{$bucket: {groupBy: '$v', boundaries: [0, 1], output: 1}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40197,
        "Unrecognized option to $bucket: x.",
        "{$bucket: {groupBy: '$v', boundaries: [0, 1], x: 1}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40198,
        "$bucket requires 'groupBy' and 'boundaries' to be specified.",
        "{$bucket: {groupBy: '$v'}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40199,
        "The $bucket 'default' field must be less than the lowest boundary or greater than or equal to the highest boundary.",
        "{$bucket: {groupBy: '$v', boundaries: [0, 10], default: 5}}");
  }

  @Test
  void bucketChecksItsBoundariesBeforeItsOutputAsMongoDbDoes() {
    assertFails(
        NONE,
        ErrorCode.LOCATION_40192,
        "The $bucket 'boundaries' field must have at least 2 values, but found 1 value(s).",
        "{$bucket: {output: {a: 1}, groupBy: '$v', boundaries: [0]}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40234,
        "The field 'a' must be an accumulator object",
        "{$bucket: {output: {a: 1}, groupBy: '$v', boundaries: [0, 1]}}");
  }

  @Test
  void bucketAutoCutsEqualSizedBucketsWithExclusiveMaxima() {
    assertThat(run(ARTWORK, "{$bucketAuto: {groupBy: '$price', buckets: 4}}"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: {min: NumberDecimal('76.04'), max: NumberDecimal('159.00')}, count: 2}"),
            BsonDocument.parse(
                "{_id: {min: NumberDecimal('159.00'), max: NumberDecimal('199.99')}, count: 2}"),
            BsonDocument.parse(
                "{_id: {min: NumberDecimal('199.99'), max: NumberDecimal('385.00')}, count: 2}"),
            BsonDocument.parse(
                "{_id: {min: NumberDecimal('385.00'), max: NumberDecimal('483.00')}, count: 2}"));
  }

  @Test
  void bucketAutoNeverSplitsEqualValues() {
    assertThat(
            run(
                documents("{v: 1}", "{v: 1}", "{v: 1}", "{v: 2}"),
                "{$bucketAuto: {groupBy: '$v', buckets: 2, output: {ids: {$push: '$v'}}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: {min: 1, max: 2}, ids: [1, 1, 1]}"),
            BsonDocument.parse("{_id: {min: 2, max: 2}, ids: [2]}"));
  }

  @Test
  void bucketAutoFirstAndLastSeeInputOrder() {
    assertThat(
            run(
                documents("{v: 2, n: 'a'}", "{v: 1, n: 'b'}"),
                "{$bucketAuto: {groupBy: '$v', buckets: 1, output: {first: {$first: '$n'}, pushed:"
                    + " {$push: '$n'}}}}"))
        .containsExactly(
            BsonDocument.parse("{_id: {min: 1, max: 2}, first: 'a', pushed: ['b', 'a']}"));
  }

  @Test
  void bucketAutoPowersOfTwoRoundsToIntegralPowers() {
    List<BsonDocument> oneToTen =
        documents(
            "{v: 1}", "{v: 2}", "{v: 3}", "{v: 4}", "{v: 5}", "{v: 6}", "{v: 7}", "{v: 8}",
            "{v: 9}", "{v: 10}");
    assertThat(
            run(oneToTen, "{$bucketAuto: {groupBy: '$v', buckets: 2, granularity: 'POWERSOF2'}}"))
        .containsExactly(
            BsonDocument.parse("{_id: {min: 0.5, max: 8}, count: 7}"),
            BsonDocument.parse("{_id: {min: 8, max: 16}, count: 3}"));
  }

  @Test
  void bucketAutoPreferredNumbersRoundToTheSeriesAsDoubles() {
    List<BsonDocument> values =
        documents("{v: 12}", "{v: 18}", "{v: 30}", "{v: 45}", "{v: 70}", "{v: 110}");
    assertThat(run(values, "{$bucketAuto: {groupBy: '$v', buckets: 3, granularity: 'R5'}}"))
        .containsExactly(
            BsonDocument.parse("{_id: {min: 10.0, max: 25.0}, count: 2}"),
            BsonDocument.parse("{_id: {min: 25.0, max: 63.0}, count: 2}"),
            BsonDocument.parse("{_id: {min: 63.0, max: 160.0}, count: 2}"));
  }

  @Test
  void bucketAutoRoundsDecimalsInDecimalWithFifteenDigitSeriesValues() {
    assertThat(
            run(
                documents("{v: NumberDecimal('1.5')}", "{v: NumberDecimal('3')}"),
                "{$bucketAuto: {groupBy: '$v', buckets: 1, granularity: 'R5'}}"))
        .containsExactly(
            BsonDocument.parse(
                "{_id: {min: NumberDecimal('1.00000000000000'), max:"
                    + " NumberDecimal('4.00000000000000')}, count: 2}"));
  }

  @Test
  void bucketAutoGranularityNeedsNonNegativeNumbers() {
    assertFails(
        documents("{v: 'x'}"),
        ErrorCode.LOCATION_40258,
        "$bucketAuto can specify a 'granularity' with numeric boundaries only, but found a value"
            + " with type: string",
        "{$bucketAuto: {groupBy: '$v', buckets: 2, granularity: 'E6'}}");
    assertFails(
        documents("{v: -1}"),
        ErrorCode.LOCATION_40260,
        "$bucketAuto can specify a 'granularity' with non-negative numbers only, but found a"
            + " negative number",
        "{$bucketAuto: {groupBy: '$v', buckets: 2, granularity: 'E6'}}");
  }

  @Test
  void bucketAutoSpecificationErrorsAreMongoDbs() {
    assertFails(
        NONE,
        ErrorCode.LOCATION_40240,
        "The argument to $bucketAuto must be an object, but found type: int",
        "{$bucketAuto: 1}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40239,
        "The $bucketAuto 'groupBy' field must be defined as a $-prefixed path or an expression object, but found: 1",
        "{$bucketAuto: {groupBy: 1, buckets: 1}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40241,
        "The $bucketAuto 'buckets' field must be a numeric value, but found type: string",
        "{$bucketAuto: {groupBy: '$v', buckets: 'a'}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40242,
        "The $bucketAuto 'buckets' field must be representable as a 32-bit integer, but found 1.5",
        "{$bucketAuto: {groupBy: '$v', buckets: 1.5}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40243,
        "The $bucketAuto 'buckets' field must be greater than 0, but found: 0",
        "{$bucketAuto: {groupBy: '$v', buckets: 0}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40244,
        "The $bucketAuto 'output' field must be an object, but found type: int",
        "{$bucketAuto: {groupBy: '$v', buckets: 1, output: 1}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40245,
        "Unrecognized option to $bucketAuto: x",
        "{$bucketAuto: {groupBy: '$v', buckets: 1, x: 1}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40246,
        "$bucketAuto requires 'groupBy' and 'buckets' to be specified",
        "{$bucketAuto: {groupBy: '$v'}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40257,
        "Unknown rounding granularity 'R7'",
        "{$bucketAuto: {groupBy: '$v', buckets: 1, granularity: 'R7'}}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40261,
        "The $bucketAuto 'granularity' field must be a string, but found type: int",
        "{$bucketAuto: {groupBy: '$v', buckets: 1, granularity: 5}}");
  }

  @Test
  void sortByCountCountsGroupsMostFirst() {
    assertThat(
            run(
                documents("{a: 'Grosz'}", "{a: 'Munch'}", "{a: 'Miro'}", "{a: 'Munch'}"),
                "{$sortByCount: '$a'}"))
        .containsExactly(
            BsonDocument.parse("{_id: 'Munch', count: 2}"),
            BsonDocument.parse("{_id: 'Grosz', count: 1}"),
            BsonDocument.parse("{_id: 'Miro', count: 1}"));
  }

  @Test
  void sortByCountSpecificationErrorsAreMongoDbs() {
    String message =
        "the sortByCount field must be defined as a $-prefixed path or an expression inside an"
            + " object";
    assertFails(NONE, ErrorCode.LOCATION_40147, message, "{$sortByCount: {a: 1}}");
    assertFails(NONE, ErrorCode.LOCATION_40148, message, "{$sortByCount: 'a'}");
    assertFails(
        NONE,
        ErrorCode.LOCATION_40149,
        "the sortByCount field must be specified as a string or as an object",
        "{$sortByCount: 1}");
  }
}
