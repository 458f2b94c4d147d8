package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.junit.jupiter.api.Test;

class ArraySortingTest {

  private static final String TEAM =
      "{team: [{name: 'pat', age: 30, address: {street: '12 Baker St', city: 'London'}},"
          + " {name: 'dallas', age: 36, address: {street: '12 Cowper St', city: 'Palo Alto'}},"
          + " {name: 'charlie', age: 42, address: {street: '12 French St', city: 'New Brunswick'}}]}";

  @Test
  void sortArrayByAFieldAndBySubfields() {
    // The manual's examples.
    assertThat(eval("{$sortArray: {input: '$team', sortBy: {name: 1}}}", TEAM))
        .isEqualTo(
            value(
                "[{name: 'charlie', age: 42, address: {street: '12 French St', city: 'New"
                    + " Brunswick'}}, {name: 'dallas', age: 36, address: {street: '12 Cowper St',"
                    + " city: 'Palo Alto'}}, {name: 'pat', age: 30, address: {street: '12 Baker"
                    + " St', city: 'London'}}]"));
    assertThat(
            eval(
                "{$map: {input: {$sortArray: {input: '$team', sortBy: {'address.city': -1}}}, in:"
                    + " '$$this.name'}}",
                TEAM))
        .isEqualTo(value("['dallas', 'charlie', 'pat']"));
    assertThat(
            eval(
                "{$map: {input: {$sortArray: {input: '$team', sortBy: {age: -1, name: 1}}}, in:"
                    + " '$$this.age'}}",
                TEAM))
        .isEqualTo(value("[42, 36, 30]"));
  }

  @Test
  void sortArrayByWholeValuesUsesMongoDbsTypeOrder() {
    assertThat(eval("{$sortArray: {input: [1, 4, 1, 6, 12, 5], sortBy: 1}}"))
        .isEqualTo(value("[1, 1, 4, 5, 6, 12]"));
    assertThat(eval("{$sortArray: {input: [1, 4, 1, 6, 12, 5], sortBy: -1}}"))
        .isEqualTo(value("[12, 6, 5, 4, 1, 1]"));
    assertThat(
            eval(
                "{$sortArray: {input: [20, 4, {a: 'Free'}, 6, 21, 5, 'Gratis', {a: null}, {a:"
                    + " {sale: true, price: 19}}, NumberDecimal('10.23'), {a: 'On sale'}],"
                    + " sortBy: 1}}"))
        .isEqualTo(
            value(
                "[4, 5, 6, NumberDecimal('10.23'), 20, 21, 'Gratis', {a: null}, {a: 'Free'}, {a:"
                    + " 'On sale'}, {a: {sale: true, price: 19}}]"));
  }

  @Test
  void sortArrayByFieldTreatsNonDocumentsAndMissingFieldsAsNull() {
    assertThat(eval("{$sortArray: {input: [{a: 2}, 5, {b: 1}, {a: 1}], sortBy: {a: 1}}}"))
        .isEqualTo(value("[5, {b: 1}, {a: 1}, {a: 2}]"));
  }

  @Test
  void sortArrayDoesNotTraverseArraysOnTheKeyNorReadPositions() {
    // "values.1" names a field called 1: an element whose values is an array sorts as null.
    assertThat(
            eval(
                "{$sortArray: {input: [{values: [9, 0]}, {values: {'1': 5}}, {values: [1, 2]}],"
                    + " sortBy: {'values.1': -1}}}"))
        .isEqualTo(value("[{values: {'1': 5}}, {values: [9, 0]}, {values: [1, 2]}]"));
    // A field holding an array compares as the whole array.
    assertThat(eval("{$sortArray: {input: [{a: [2, 0]}, {a: [1, 9]}], sortBy: {a: 1}}}"))
        .isEqualTo(value("[{a: [1, 9]}, {a: [2, 0]}]"));
  }

  @Test
  void sortArrayOfNullIsNullAndOfAScalarAnError() {
    assertThat(eval("{$sortArray: {input: '$nope', sortBy: 1}}")).isEqualTo(value("null"));
    assertFails(
        "{$sortArray: {input: 'x', sortBy: 1}}",
        ErrorCode.LOCATION_2942504,
        "The input argument to $sortArray must be an array, but was of type: string");
  }

  @Test
  void sortArrayRefusesMalformedSpecifications() {
    assertFails(
        "{$sortArray: [1]}",
        ErrorCode.LOCATION_2942500,
        "$sortArray requires an object as an argument, found: array");
    assertFails(
        "{$sortArray: {input: [1], sortBy: 1, x: 1}}",
        ErrorCode.LOCATION_2942501,
        "$sortArray found an unknown argument: x");
    assertFails(
        "{$sortArray: {sortBy: 1}}",
        ErrorCode.LOCATION_2942502,
        "$sortArray requires 'input' to be specified");
    assertFails(
        "{$sortArray: {input: [1]}}",
        ErrorCode.LOCATION_2942503,
        "$sortArray requires 'sortBy' to be specified");
    assertFails(
        "{$sortArray: {input: [1], sortBy: 2}}",
        ErrorCode.LOCATION_2942506,
        "The $sort element value must be either 1 or -1");
    assertFails(
        "{$sortArray: {input: [1], sortBy: {a: 'asc'}}}",
        ErrorCode.LOCATION_2942506,
        "The $sort element value must be either 1 or -1");
  }

  @Test
  void firstNAndLastNTakeFromTheEndsKeepingNulls() {
    // The manual's examples.
    assertThat(eval("{$firstN: {n: 3, input: [10, 20, 30, 40]}}")).isEqualTo(value("[10, 20, 30]"));
    assertThat(eval("{$firstN: {n: 5, input: [1, null, 3]}}")).isEqualTo(value("[1, null, 3]"));
    assertThat(eval("{$lastN: {n: 2, input: [10, 20, 30, 40]}}")).isEqualTo(value("[30, 40]"));
    assertThat(eval("{$lastN: {n: NumberLong(9), input: []}}")).isEqualTo(value("[]"));
  }

  @Test
  void maxNAndMinNIgnoreNullsAndOrderFromTheExtreme() {
    // The manual's examples.
    assertThat(eval("{$maxN: {n: 2, input: [null, 12, 4, 1]}}")).isEqualTo(value("[12, 4]"));
    assertThat(eval("{$minN: {n: 2, input: [null, 12, 4, 1]}}")).isEqualTo(value("[1, 4]"));
    assertThat(eval("{$maxN: {n: 3, input: [null, 'a', 2.5]}}")).isEqualTo(value("['a', 2.5]"));
  }

  @Test
  void nOperatorsValidateNBeforeTheInput() {
    assertFails(
        "{$firstN: {n: 'x', input: 1}}",
        ErrorCode.LOCATION_5787902,
        "Value for 'n' must be of integral type, but found \"x\"");
    assertFails(
        "{$lastN: {n: 1.5, input: [1]}}",
        ErrorCode.LOCATION_5787903,
        "Value for 'n' must be of integral type, but found 1.5");
    assertFails(
        "{$maxN: {n: 0, input: [1]}}",
        ErrorCode.LOCATION_5787908,
        "'n' must be greater than 0, found 0");
    assertFails(
        "{$minN: {n: 1, input: '$nope'}}", ErrorCode.LOCATION_5788200, "Input must be an array");
    assertFails(
        "{$firstN: {n: 1, input: null}}", ErrorCode.LOCATION_5788200, "Input must be an array");
  }

  @Test
  void nOperatorsRefuseMalformedSpecifications() {
    assertFails(
        "{$firstN: [1]}",
        ErrorCode.LOCATION_5787801,
        "specification must be an object; found $firstN: [ 1 ]");
    assertFails(
        "{$maxN: 5}",
        ErrorCode.LOCATION_5787900,
        "specification must be an object; found $maxN: 5");
    assertFails(
        "{$lastN: {n: 1, input: [1], x: 1}}",
        ErrorCode.LOCATION_5787901,
        "Unknown argument for 'n' operator: x");
    assertFails("{$minN: {input: [1]}}", ErrorCode.LOCATION_5787906, "Missing value for 'n'");
    assertFails("{$firstN: {n: 1}}", ErrorCode.LOCATION_5787907, "Missing value for 'input'");
  }
}
