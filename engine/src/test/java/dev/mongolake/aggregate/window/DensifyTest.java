package dev.mongolake.aggregate.window;

import static dev.mongolake.aggregate.StageHarness.assertFails;
import static dev.mongolake.aggregate.StageHarness.documents;
import static dev.mongolake.aggregate.StageHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class DensifyTest {

  private static final List<BsonDocument> WEATHER =
      documents(
          "{_id: 1, timestamp: {$date: '2021-05-18T00:00:00Z'}, temp: 12}",
          "{_id: 2, timestamp: {$date: '2021-05-18T04:00:00Z'}, temp: 11}",
          "{_id: 3, timestamp: {$date: '2021-05-18T08:00:00Z'}, temp: 11}",
          "{_id: 4, timestamp: {$date: '2021-05-18T12:00:00Z'}, temp: 12}");

  private static final List<BsonDocument> COFFEE =
      documents(
          "{altitude: 600, variety: 'Arabica Typica', score: 68.3}",
          "{altitude: 750, variety: 'Arabica Typica', score: 69.5}",
          "{altitude: 950, variety: 'Arabica Typica', score: 70.5}",
          "{altitude: 1250, variety: 'Gesha', score: 88.15}",
          "{altitude: 1700, variety: 'Gesha', score: 95.5, price: 1029}");

  private static BsonDocument at(String hour) {
    return BsonDocument.parse("{timestamp: {$date: '2021-05-18T" + hour + ":00:00Z'}}");
  }

  @Test
  void explicitDateBoundsFillEachHourBelowTheUpperBound() {
    List<BsonDocument> out =
        run(
            WEATHER,
            "{$densify: {field: 'timestamp', range: {step: 1, unit: 'hour', bounds: [{$date:"
                + " '2021-05-18T00:00:00Z'}, {$date: '2021-05-18T08:00:00Z'}]}}}");
    assertThat(out)
        .containsExactly(
            WEATHER.get(0),
            at("01"),
            at("02"),
            at("03"),
            WEATHER.get(1),
            at("05"),
            at("06"),
            at("07"),
            WEATHER.get(2),
            WEATHER.get(3));
  }

  @Test
  void fullBoundsDensifyEveryPartitionOverTheWholeRange() {
    List<BsonDocument> out =
        run(
            COFFEE,
            "{$densify: {field: 'altitude', partitionByFields: ['variety'], range: {bounds:"
                + " 'full', step: 200}}}");
    List<BsonDocument> expected = new java.util.ArrayList<>(COFFEE);
    for (int altitude : new int[] {800, 1000, 1200, 1400, 1600}) {
      expected.add(BsonDocument.parse("{variety: 'Arabica Typica', altitude: " + altitude + "}"));
    }
    for (int altitude : new int[] {600, 800, 1000, 1200, 1400, 1600}) {
      expected.add(BsonDocument.parse("{variety: 'Gesha', altitude: " + altitude + "}"));
    }
    assertThat(out).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(out).extracting(d -> d.getInt32("altitude").getValue()).isSorted();
  }

  @Test
  void partitionBoundsStayWithinEachPartitionsOwnValues() {
    List<BsonDocument> out =
        run(
            COFFEE,
            "{$densify: {field: 'altitude', partitionByFields: ['variety'], range: {bounds:"
                + " 'partition', step: 200}}}");
    assertThat(out)
        .containsExactly(
            COFFEE.get(0),
            COFFEE.get(1),
            BsonDocument.parse("{variety: 'Arabica Typica', altitude: 800}"),
            COFFEE.get(2),
            COFFEE.get(3),
            BsonDocument.parse("{variety: 'Gesha', altitude: 1450}"),
            BsonDocument.parse("{variety: 'Gesha', altitude: 1650}"),
            COFFEE.get(4));
  }

  @Test
  void nullAndMissingValuesPassThroughAndNumbersWidenWithTheStep() {
    List<BsonDocument> out =
        run(
            documents("{_id: 1, v: 1}", "{_id: 2}", "{_id: 3, v: 2}", "{_id: 4, v: null}"),
            "{$densify: {field: 'v', range: {step: 0.5, bounds: 'full'}}}");
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{_id: 2}"),
            BsonDocument.parse("{_id: 4, v: null}"),
            BsonDocument.parse("{_id: 1, v: 1}"),
            BsonDocument.parse("{v: 1.5}"),
            BsonDocument.parse("{_id: 3, v: 2}"));
  }

  @Test
  void explicitBoundsOverNoDocumentsGenerateTheRange() {
    assertThat(run(List.of(), "{$densify: {field: 'a.b', range: {step: 1, bounds: [0, 3]}}}"))
        .containsExactly(
            BsonDocument.parse("{a: {b: 0}}"),
            BsonDocument.parse("{a: {b: 1}}"),
            BsonDocument.parse("{a: {b: 2}}"));
  }

  @Test
  void rangeSpecificationIsChecked() {
    assertFails(
        COFFEE,
        ErrorCode.LOCATION_5733401,
        "The step parameter in a range statement must be a strictly positive numeric value",
        "{$densify: {field: 'altitude', range: {step: 0, bounds: 'full'}}}");
    assertFails(
        COFFEE,
        ErrorCode.LOCATION_5733408,
        "One cannot specify the bounds as 'partition' without specifying a non-empty array of"
            + " partitionByFields. You may have meant to specify 'full' bounds.",
        "{$densify: {field: 'altitude', range: {step: 1, bounds: 'partition'}}}");
    assertFails(
        COFFEE,
        ErrorCode.LOCATION_5876900,
        "Upper bound, lower bound, and step must all have the same type",
        "{$densify: {field: 'altitude', range: {step: 1.5, bounds: [0, 10]}}}");
    assertFails(
        COFFEE,
        ErrorCode.LOCATION_5733410,
        "A bounding array of dates must specify a unit",
        "{$densify: {field: 'altitude', range: {step: 1, bounds: [{$date:"
            + " '2021-05-18T00:00:00Z'}, {$date: '2021-05-19T00:00:00Z'}]}}}");
    assertFails(
        COFFEE,
        ErrorCode.LOCATION_5946802,
        "Bounds string must either be 'full' or 'partition'",
        "{$densify: {field: 'altitude', range: {step: 1, bounds: 'all'}}}");
    assertFails(
        COFFEE,
        ErrorCode.IDL_MISSING_FIELD,
        "BSON field '$densify.range' is missing but a required field",
        "{$densify: {field: 'altitude'}}");
  }

  @Test
  void anEmptyFieldOrPartitionFieldIsMongoDbsEmptyFieldPath() {
    for (String stage :
        List.of(
            "{$densify: {field: '', range: {step: 1, bounds: 'full'}}}",
            "{$densify: {field: 'altitude', partitionByFields: [''], range: {step: 1, bounds:"
                + " 'full'}}}")) {
      assertFails(
          COFFEE,
          ErrorCode.LOCATION_40352,
          "FieldPath cannot be constructed with empty string",
          stage);
    }
  }

  @Test
  void valuesMustMatchTheRangesKind() {
    assertFails(
        documents("{v: 'x'}"),
        ErrorCode.LOCATION_5733201,
        "Densify field type must be numeric or a date",
        "{$densify: {field: 'v', range: {step: 1, bounds: 'full'}}}");
    assertFails(
        documents("{v: 1}"),
        ErrorCode.LOCATION_6053600,
        "Encountered non-date value in collection when step has a date unit.",
        "{$densify: {field: 'v', range: {step: 1, unit: 'day', bounds: 'full'}}}");
  }

  @Test
  void nullValuesComeFirstWithinTheirOwnPartition() {
    List<BsonDocument> out =
        run(
            documents(
                "{p: 'b', v: 1}",
                "{p: 'a', v: 0}",
                "{p: 'b', v: null}",
                "{p: 'a', v: 2}",
                "{p: 'c'}"),
            "{$densify: {field: 'v', partitionByFields: ['p'], range: {step: 1, bounds: [0,"
                + " 2]}}}");
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{p: 'a', v: 0}"),
            BsonDocument.parse("{p: 'a', v: 1}"),
            BsonDocument.parse("{p: 'a', v: 2}"),
            BsonDocument.parse("{p: 'b', v: null}"),
            BsonDocument.parse("{p: 'b', v: 0}"),
            BsonDocument.parse("{p: 'b', v: 1}"),
            BsonDocument.parse("{p: 'c'}"));
  }
}
