package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class SetOperatorsTest {

  @Test
  void setEqualsIgnoresOrderDuplicatesAndNumericType() {
    assertThat(eval("{$setEquals: [['a', 'b', 'a'], ['b', 'a']]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$setEquals: [[1, 2], [2.0, {$numberLong: '1'}], [1, 2, 2]]}"))
        .isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$setEquals: [['a'], ['a', 'b']]}")).isEqualTo(BsonBoolean.FALSE);
    assertFails(
        "{$setEquals: [['a'], null]}",
        ErrorCode.LOCATION_17044,
        "All operands of $setEquals must be arrays. 2-th argument is of type: null");
    assertFails(
        "{$setEquals: [['a']]}",
        ErrorCode.LOCATION_17045,
        "$setEquals needs at least two arguments had: 1");
  }

  @Test
  void setIntersectionAndUnionAreNullForNullishAndSorted() {
    assertThat(eval("{$setIntersection: [['b', 'a', 'c'], ['c', 'b', 'd']]}"))
        .isEqualTo(value("['b', 'c']"));
    assertThat(eval("{$setIntersection: [['a'], []]}")).isEqualTo(new BsonArray());
    assertThat(eval("{$setIntersection: []}")).isEqualTo(new BsonArray());
    assertThat(eval("{$setIntersection: [['a'], '$nope']}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$setUnion: ['$nope', {$setUnion: '$s'}]}", "{s: 'not an array'}"))
        .isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$setUnion: [['c', 'a'], ['b', 'a'], [1]]}"))
        .isEqualTo(value("[1, 'a', 'b', 'c']"));
    assertThat(eval("{$setUnion: [[1, 1.0, 2]]}")).isEqualTo(value("[1, 2]"));
    assertThat(eval("{$setUnion: [['a'], null]}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$setIntersection: [['a'], 'a']}",
        ErrorCode.LOCATION_17047,
        "All operands of $setIntersection must be arrays. One argument is of type: string");
    assertFails(
        "{$setUnion: [1]}",
        ErrorCode.LOCATION_17043,
        "All operands of $setUnion must be arrays. One argument is of type: int");
  }

  @Test
  void setDifferenceKeepsTheFirstArraysOrderWithoutDuplicates() {
    assertThat(eval("{$setDifference: [['c', 'a', 'b', 'a'], ['b']]}"))
        .isEqualTo(value("['c', 'a']"));
    assertThat(eval("{$setDifference: [null, ['b']]}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$setDifference: ['a', ['b']]}",
        ErrorCode.LOCATION_17048,
        "both operands of $setDifference must be arrays. First argument is of type: string");
    assertFails(
        "{$setDifference: [['a'], 1]}",
        ErrorCode.LOCATION_17049,
        "both operands of $setDifference must be arrays. Second argument is of type: int");
    assertFails(
        "{$setDifference: [['a']]}",
        ErrorCode.LOCATION_16020,
        "Expression $setDifference takes exactly 2 arguments. 1 were passed in.");
  }

  @Test
  void setIsSubsetNeedsTwoArraysEvenForNull() {
    assertThat(eval("{$setIsSubset: [['a', 'a'], ['a', 'b']]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$setIsSubset: [['a', 'c'], ['a', 'b']]}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$setIsSubset: [[], []]}")).isEqualTo(BsonBoolean.TRUE);
    assertFails(
        "{$setIsSubset: ['$nope', []]}",
        ErrorCode.LOCATION_17046,
        "both operands of $setIsSubset must be arrays. First argument is of type: missing");
    assertFails(
        "{$setIsSubset: [[], null]}",
        ErrorCode.LOCATION_17042,
        "both operands of $setIsSubset must be arrays. Second argument is of type: null");
  }

  @Test
  void anyAndAllElementsTrueUseMongoDbsTruthiness() {
    assertThat(eval("{$anyElementTrue: [[0, null, false, 'x']]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$anyElementTrue: [[0, null, false]]}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$anyElementTrue: [[]]}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$allElementsTrue: [[1, 'a', []]]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$allElementsTrue: [[1, 0]]}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$allElementsTrue: [[]]}")).isEqualTo(BsonBoolean.TRUE);
    assertFails(
        "{$anyElementTrue: 'x'}",
        ErrorCode.LOCATION_17041,
        "$anyElementTrue's argument must be an array, but is string");
    assertFails(
        "{$allElementsTrue: [null]}",
        ErrorCode.LOCATION_17040,
        "$allElementsTrue's argument must be an array, but is null");
  }
}
