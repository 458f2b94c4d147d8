package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.eval;
import static dev.mongolake.aggregate.internal.expression.ExpressionTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.junit.jupiter.api.Test;

class ObjectOperatorsTest {

  @Test
  void mergeObjectsLetsLaterFieldsWinInTheFirstPosition() {
    assertThat(eval("{$mergeObjects: [{a: 1, b: 2}, {b: 3, c: 4}]}"))
        .isEqualTo(value("{a: 1, b: 3, c: 4}"));
    assertThat(eval("{$mergeObjects: [{a: 1}, null, '$nope']}")).isEqualTo(value("{a: 1}"));
    assertThat(eval("{$mergeObjects: '$doc'}", "{doc: {x: 1}}")).isEqualTo(value("{x: 1}"));
    assertThat(eval("{$mergeObjects: []}")).isEqualTo(new BsonDocument());
    assertFails(
        "{$mergeObjects: [{a: 1}, 'x']}",
        ErrorCode.LOCATION_40400,
        "$mergeObjects requires object inputs, but input \"x\" is of type string");
    assertFails(
        "{$mergeObjects: [[{$literal: {$date: '2020-01-02T03:04:05.006Z'}}, 1.5, {a: true}]]}",
        ErrorCode.LOCATION_40400,
        "$mergeObjects requires object inputs, but input [2020-01-02T03:04:05.006Z, 1.5, {a: true}]"
            + " is of type array");
  }

  @Test
  void objectToArrayListsKeyValuePairsInOrder() {
    assertThat(eval("{$objectToArray: {$literal: {item: 'foo', qty: 25}}}"))
        .isEqualTo(value("[{k: 'item', v: 'foo'}, {k: 'qty', v: 25}]"));
    assertThat(eval("{$objectToArray: '$nope'}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$objectToArray: [[1]]}",
        ErrorCode.LOCATION_40390,
        "$objectToArray requires a document input, found: array");
  }

  @Test
  void arrayToObjectTakesPairsOrKeyValueDocumentsAndKeepsTheLastDuplicate() {
    assertThat(eval("{$arrayToObject: {$literal: [['item', 'abc123'], ['qty', 25]]}}"))
        .isEqualTo(value("{item: 'abc123', qty: 25}"));
    assertThat(eval("{$arrayToObject: {$literal: [{k: 'item', v: 'abc123'}, {k: 'qty', v: 25}]}}"))
        .isEqualTo(value("{item: 'abc123', qty: 25}"));
    assertThat(eval("{$arrayToObject: {$literal: [['a', 1], ['b', 2], ['a', 3]]}}"))
        .isEqualTo(value("{a: 3, b: 2}"));
    assertThat(eval("{$arrayToObject: [[]]}")).isEqualTo(new BsonDocument());
    assertThat(eval("{$arrayToObject: null}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void arrayToObjectRefusesMalformedInputWithMongoDbsErrors() {
    assertFails(
        "{$arrayToObject: 'x'}",
        ErrorCode.LOCATION_40386,
        "$arrayToObject requires an array input, found: string");
    assertFails(
        "{$arrayToObject: [['a', 1]]}",
        ErrorCode.LOCATION_40398,
        "Unrecognised input type format for $arrayToObject: string");
    assertFails(
        "{$arrayToObject: {$literal: [['a', 1], {k: 'b', v: 2}]}}",
        ErrorCode.LOCATION_40396,
        "$arrayToObject requires a consistent input format. Elements mustall be arrays or all be"
            + " objects. Array was detected, now found: object");
    assertFails(
        "{$arrayToObject: {$literal: [['a', 1, 2]]}}",
        ErrorCode.LOCATION_40397,
        "$arrayToObject requires an array of size 2 arrays,found array of size: 3");
    assertFails(
        "{$arrayToObject: {$literal: [[1, 1]]}}",
        ErrorCode.LOCATION_40395,
        "$arrayToObject requires an array of key-value pairs, where the key must be of type"
            + " string. Found key type: int");
    assertFails(
        "{$arrayToObject: {$literal: [{k: 'a', v: 1}, ['b', 2]]}}",
        ErrorCode.LOCATION_40391,
        "$arrayToObject requires a consistent input format. Elements mustall be arrays or all be"
            + " objects. Object was detected, now found: array");
    assertFails(
        "{$arrayToObject: {$literal: [{k: 'a'}]}}",
        ErrorCode.LOCATION_40392,
        "$arrayToObject requires an object keys of 'k' and 'v'. Found incorrect number of keys:1");
    assertFails(
        "{$arrayToObject: {$literal: [{k: 'a', x: 1}]}}",
        ErrorCode.LOCATION_40393,
        "$arrayToObject requires an object with keys 'k' and 'v'. Missing either or both keys"
            + " from: {k: \"a\", x: 1}");
    assertFails(
        "{$arrayToObject: {$literal: [{k: 1, v: 1}]}}",
        ErrorCode.LOCATION_40394,
        "$arrayToObject requires an object with keys 'k' and 'v', where the value of 'k' must be"
            + " of type string. Found type: int");
  }

  @Test
  void getFieldReadsNamesWithDotsAndDollarsLiterally() {
    String document = "{'price.usd': 45, '$price': 50, a: {b: 1}, n: 7}";
    assertThat(eval("{$getField: 'price.usd'}", document)).isEqualTo(value("45"));
    assertThat(eval("{$getField: {$literal: '$price'}}", document)).isEqualTo(value("50"));
    assertThat(eval("{$getField: {field: 'b', input: '$a'}}", document)).isEqualTo(value("1"));
    assertThat(eval("{$getField: 'nope'}", document)).isNull();
    assertThat(eval("{$getField: {field: 'b', input: '$nope'}}", document)).isNull();
    assertThat(eval("{$getField: {field: 'b', input: null}}", document)).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$getField: {field: 'b', input: 5}}", document)).isNull();
    assertFails(
        "{$getField: '$n'}",
        document,
        ErrorCode.LOCATION_3041704,
        "$getField requires 'field' to evaluate to type String, but got int");
    assertFails(
        "{$getField: {field: 'a'}}",
        ErrorCode.LOCATION_3041703,
        "$getField requires 'input' to be specified");
    assertFails(
        "{$getField: {input: {}}}",
        ErrorCode.LOCATION_3041702,
        "$getField requires 'field' to be specified");
    assertFails(
        "{$getField: {field: 'a', input: {}, k: 1}}",
        ErrorCode.LOCATION_3041701,
        "$getField found an unknown argument: k");
  }

  @Test
  void setFieldReplacesAppendsOrRemovesOneField() {
    String document = "{a: 1, 'b.c': 2}";
    assertThat(eval("{$setField: {field: 'b.c', input: '$$ROOT', value: 9}}", document))
        .isEqualTo(value("{a: 1, 'b.c': 9}"));
    assertThat(eval("{$setField: {field: {$literal: '$x'}, input: '$$ROOT', value: 3}}", document))
        .isEqualTo(value("{a: 1, 'b.c': 2, '$x': 3}"));
    assertThat(eval("{$setField: {field: 'a', input: '$$ROOT', value: '$$REMOVE'}}", document))
        .isEqualTo(value("{'b.c': 2}"));
    assertThat(eval("{$setField: {field: 'a', input: '$$ROOT', value: null}}", document))
        .isEqualTo(value("{a: null, 'b.c': 2}"));
    assertThat(eval("{$unsetField: {field: 'b.c', input: '$$ROOT'}}", document))
        .isEqualTo(value("{a: 1}"));
    assertThat(eval("{$setField: {field: 'a', input: null, value: 1}}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void setFieldNeedsAConstantStringFieldAndADocument() {
    assertFails(
        "{$setField: {field: 'a', input: 5, value: 1}}",
        ErrorCode.LOCATION_4161105,
        "$setField requires 'input' to evaluate to type Object");
    assertFails(
        "{$setField: {field: '$f', input: {}, value: 0}}",
        ErrorCode.LOCATION_4161108,
        "'$CURRENT.f' is a field path reference which is not allowed in this context. Did you"
            + " mean {$literal: '$CURRENT.f'}?");
    assertFails(
        "{$setField: {field: {$concat: ['a', 'b']}, input: {}, value: 0}}",
        ErrorCode.LOCATION_4161106,
        "$setField requires 'field' to evaluate to a constant, but got a non-constant argument");
    assertFails(
        "{$unsetField: {field: true, input: {}}}",
        ErrorCode.LOCATION_4161107,
        "$unsetField requires 'field' to evaluate to type String, but got bool");
    assertFails(
        "{$setField: {field: 'a', input: {}}}",
        ErrorCode.LOCATION_4161103,
        "$setField requires 'value' to be specified");
    assertFails(
        "{$setField: {field: 'a', value: 1}}",
        ErrorCode.LOCATION_4161109,
        "$setField requires 'input' to be specified");
    assertFails(
        "{$unsetField: {field: 'a', input: {}, value: 1}}",
        ErrorCode.LOCATION_4161101,
        "$unsetField found an unknown argument: value");
    assertFails(
        "{$setField: 'a'}",
        ErrorCode.LOCATION_4161100,
        "$setField only supports an object as its argument");
  }
}
