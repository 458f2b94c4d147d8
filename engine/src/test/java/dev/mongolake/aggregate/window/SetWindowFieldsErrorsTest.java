package dev.mongolake.aggregate.window;

import static dev.mongolake.aggregate.StageHarness.documents;
import static dev.mongolake.aggregate.window.CakeSales.CAKE_SALES;

import dev.mongolake.ErrorCode;
import dev.mongolake.aggregate.StageHarness;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class SetWindowFieldsErrorsTest {

  private static void fails(ErrorCode code, String message, String output) {
    fails(CAKE_SALES, code, message, "{$setWindowFields: " + output + "}");
  }

  private static void fails(
      List<BsonDocument> input, ErrorCode code, String message, String stage) {
    StageHarness.assertFails(input, code, message, stage);
  }

  @Test
  void documentsWindowNeedsASortBy() {
    fails(
        ErrorCode.LOCATION_5339901,
        "Document-based bounds require a sortBy",
        "{output: {s: {$sum: '$price', window: {documents: [-1, 0]}}}}");
  }

  @Test
  void lowerBoundMustNotExceedUpperBound() {
    fails(
        ErrorCode.LOCATION_5339900,
        "Lower bound must not exceed upper bound: [2, 1]",
        "{sortBy: {price: 1}, output: {s: {$sum: '$price', window: {documents: [2, 1]}}}}");
    fails(
        ErrorCode.LOCATION_5339900,
        "Lower bound must not exceed upper bound: [1, 0]",
        "{sortBy: {price: 1}, output: {s: {$sum: '$price', window: {range: [1, 'current']}}}}");
  }

  @Test
  void boundsMustBeConstantNumbersOrKeywords() {
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Window bounds expression must be a constant.",
        "{sortBy: {price: 1}, output: {s: {$sum: '$price', window: {documents: [{$let: {vars: {v: 1}, in: '$x'}}, 0]}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Window bounds must be 'unbounded', 'current', or a number.",
        "{sortBy: {price: 1}, output: {s: {$sum: '$price', window: {documents: ['x', 0]}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Numeric document-based bounds must be an integer",
        "{sortBy: {price: 1}, output: {s: {$sum: '$price', window: {documents: [0.5, 1]}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Window bounds must be a 2-element array: documents: [ 1 ]",
        "{sortBy: {price: 1}, output: {s: {$sum: '$price', window: {documents: [1]}}}}");
  }

  @Test
  void rangeWindowNeedsOneAscendingSortField() {
    fails(
        ErrorCode.LOCATION_5339902,
        "Range-based bounds require sortBy a single field",
        "{sortBy: {price: 1, _id: 1}, output: {s: {$sum: '$price', window: {range: [-1, 1]}}}}");
    fails(
        ErrorCode.LOCATION_8947401,
        "Range-based bounds require an ascending sortBy",
        "{sortBy: {price: -1}, output: {s: {$sum: '$price', window: {range: [-1, 1]}}}}");
  }

  @Test
  void rangeWindowRefusesValuesOfTheWrongType() {
    fails(
        ErrorCode.LOCATION_5429414,
        "Invalid range: Expected the sortBy field to be a number, but it was string",
        "{sortBy: {type: 1}, output: {s: {$sum: '$price', window: {range: [-1, 1]}}}}");
    fails(
        ErrorCode.LOCATION_5429413,
        "Invalid range: For windows that involve date or time ranges, a unit must be provided.",
        "{sortBy: {orderDate: 1}, output: {s: {$sum: '$price', window: {range: [-1, 1]}}}}");
    fails(
        ErrorCode.LOCATION_5429513,
        "Invalid range: Expected the sortBy field to be a Date, but it was int",
        "{sortBy: {price: 1}, output: {s: {$sum: '$price', window: {range: [-1, 1], unit:"
            + " 'day'}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "unknown time unit value: fortnight",
        "{sortBy: {orderDate: 1}, output: {s: {$sum: '$price', window: {range: [-1, 1], unit:"
            + " 'fortnight'}}}}");
  }

  @Test
  void rankNeedsASingleSortFieldAndAnEmptyArgument() {
    fails(
        ErrorCode.LOCATION_5371602,
        "$rank must be specified with a top level sortBy expression with exactly one element",
        "{sortBy: {price: 1, _id: 1}, output: {r: {$rank: {}}}}");
    fails(
        ErrorCode.LOCATION_5371602,
        "$denseRank must be specified with a top level sortBy expression with exactly one"
            + " element",
        "{output: {r: {$denseRank: {}}}}");
    fails(
        ErrorCode.LOCATION_5371603,
        "$rank must be specified with '{}' as the value",
        "{sortBy: {price: 1}, output: {r: {$rank: 1}}}");
    fails(
        ErrorCode.LOCATION_5371601,
        "Rank style window functions take no other arguments",
        "{sortBy: {price: 1}, output: {r: {$rank: {}, window: {documents: [0, 0]}}}}");
  }

  @Test
  void unknownOrMissingFunctionsAreRefused() {
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Unrecognized window function, $summ",
        "{output: {s: {$summ: '$price'}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Expected a $-prefixed window function, sum",
        "{output: {s: {sum: '$price'}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Cannot specify two functions in window function spec",
        "{output: {s: {$sum: '$price', $max: '$price'}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "Window function found an unknown argument: windoww",
        "{output: {s: {$sum: '$price', windoww: {}}}}");
    fails(ErrorCode.FAILED_TO_PARSE, "The field 's' must be an object", "{output: {s: 1}}");
  }

  @Test
  void shiftNeedsASortByAnIntegerByAndNoWindow() {
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "'$shift' requires a sortBy",
        "{output: {s: {$shift: {output: '$price', by: 1}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "$shift does not accept a 'window' field",
        "{sortBy: {price: 1}, output: {s: {$shift: {output: '$price', by: 1}, window: {}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "'$shift:by' field must be an integer, but found  by: 1.5",
        "{sortBy: {price: 1}, output: {s: {$shift: {output: '$price', by: 1.5}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "'$shift:default' expression must yield a constant value.",
        "{sortBy: {price: 1}, output: {s: {$shift: {output: '$price', by: 1, default:"
            + " '$x'}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "$shift requires 'by' as an integer value.",
        "{sortBy: {price: 1}, output: {s: {$shift: {output: '$price'}}}}");
  }

  @Test
  void derivativeNeedsExplicitBoundsAndAUnitOfAWeekOrLess() {
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "$derivative requires explicit window bounds",
        "{sortBy: {orderDate: 1}, output: {d: {$derivative: {input: '$price', unit: 'day'}}}}");
    fails(
        ErrorCode.LOCATION_5490710,
        "unit must be 'week' or smaller",
        "{sortBy: {orderDate: 1}, output: {d: {$derivative: {input: '$price', unit: 'month'},"
            + " window: {documents: [-1, 0]}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "$derivative requires a sortBy",
        "{output: {d: {$derivative: {input: '$price'}, window: {documents: [-1, 0]}}}}");
    fails(
        ErrorCode.LOCATION_5624901,
        "$derivative where the sortBy is a Date requires an 'unit'",
        "{sortBy: {orderDate: 1}, output: {d: {$derivative: {input: '$price'}, window:"
            + " {documents: [-1, 0]}}}}");
  }

  @Test
  void expMovingAverageArgumentsAreChecked() {
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "'N' must be greater than zero. Got 0",
        "{sortBy: {price: 1}, output: {a: {$expMovingAvg: {input: '$price', N: 0}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "'alpha' must be between 0 and 1 (exclusive), found alpha: 2",
        "{sortBy: {price: 1}, output: {a: {$expMovingAvg: {input: '$price', alpha: 2}}}}");
    fails(
        ErrorCode.FAILED_TO_PARSE,
        "$expMovingAvg requires an explicit 'sortBy'",
        "{output: {a: {$expMovingAvg: {input: '$price', N: 2}}}}");
  }

  @Test
  void stageSpecificationIsChecked() {
    fails(
        ErrorCode.LOCATION_6307900,
        "$setWindowFields 'output' specification contains two conflicting paths",
        "{output: {a: {$sum: 1}, 'a.b': {$sum: 1}}}");
    fails(
        ErrorCode.IDL_UNKNOWN_FIELD,
        "BSON field '$setWindowFields.window' is an unknown field.",
        "{window: 1, output: {}}");
    fails(
        ErrorCode.IDL_MISSING_FIELD,
        "BSON field '$setWindowFields.output' is missing but a required field",
        "{sortBy: {price: 1}}");
    fails(
        ErrorCode.TYPE_MISMATCH,
        "An expression used to partition cannot evaluate to value of type array",
        "{partitionBy: [1], output: {a: {$sum: 1}}}");
    fails(
        documents("{a: [1, 2]}"),
        ErrorCode.TYPE_MISMATCH,
        "An expression used to partition cannot evaluate to value of type array",
        "{$setWindowFields: {partitionBy: '$a', output: {n: {$sum: 1}}}}");
  }

  @Test
  void linearFillRefusesRepeatedSortValuesAndNonNumbers() {
    fails(
        documents("{t: 1, v: 1}", "{t: 1, v: 2}"),
        ErrorCode.LOCATION_6050106,
        "There can be no repeated values in the sort field",
        "{$setWindowFields: {sortBy: {t: 1}, output: {v: {$linearFill: '$v'}}}}");
    fails(
        documents("{t: 1, v: 'x'}"),
        ErrorCode.TYPE_MISMATCH,
        "Value to be filled must be numeric or nullish, but found string",
        "{$setWindowFields: {sortBy: {t: 1}, output: {v: {$linearFill: '$v'}}}}");
    fails(
        ErrorCode.LOCATION_605001,
        "$linearFill must be specified with a top level sortBy expression with exactly one"
            + " element",
        "{output: {v: {$linearFill: '$price'}}}");
  }
}
