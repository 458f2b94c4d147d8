package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.OperatorTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.eval;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

class TypeOperatorsTest {

  @Test
  void typeNamesEveryValueIncludingMissing() {
    assertThat(eval("{$type: 'a'}")).isEqualTo(new BsonString("string"));
    assertThat(eval("{$type: [[1]]}")).isEqualTo(new BsonString("array"));
    assertThat(eval("{$type: NumberLong(1)}")).isEqualTo(new BsonString("long"));
    assertThat(eval("{$type: NumberDecimal('1')}")).isEqualTo(new BsonString("decimal"));
    assertThat(eval("{$type: '$nope'}")).isEqualTo(new BsonString("missing"));
    assertThat(eval("{$type: null}")).isEqualTo(new BsonString("null"));
    assertThat(eval("{$isNumber: 1.5}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$isNumber: '1'}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$isNumber: '$nope'}")).isEqualTo(BsonBoolean.FALSE);
  }

  @Test
  void toBoolFollowsTruthiness() {
    assertThat(eval("{$toBool: 0}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$toBool: 1.99999}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$toBool: NumberDecimal('0')}")).isEqualTo(BsonBoolean.FALSE);
    assertThat(eval("{$toBool: 'false'}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$toBool: ''}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$toBool: {$date: 0}}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$toBool: [[]]}")).isEqualTo(BsonBoolean.TRUE);
    assertThat(eval("{$toBool: null}")).isEqualTo(BsonNull.VALUE);
  }

  @Test
  void numbersConvertWithMongoDbsRules() {
    assertThat(eval("{$toInt: 5.5}")).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$toInt: -5.5}")).isEqualTo(new BsonInt32(-5));
    assertThat(eval("{$toInt: NumberDecimal('5.5000')}")).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$toInt: '-2'}")).isEqualTo(new BsonInt32(-2));
    assertThat(eval("{$toInt: true}")).isEqualTo(new BsonInt32(1));
    assertThat(eval("{$toLong: {$date: 1522039108044}}")).isEqualTo(new BsonInt64(1522039108044L));
    assertThat(eval("{$toDouble: '-5.5'}")).isEqualTo(new BsonDouble(-5.5));
    assertThat(eval("{$toDouble: '1e3'}")).isEqualTo(new BsonDouble(1000));
    assertThat(eval("{$toDecimal: 2.5}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("2.50000000000000")));
    assertThat(eval("{$toDecimal: true}")).isEqualTo(new BsonDecimal128(Decimal128.parse("1")));
    assertThat(eval("{$toDecimal: '-5.5'}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("-5.5")));
    assertThat(eval("{$toDecimal: {$date: 1522127087890}}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1522127087890")));
  }

  @Test
  void failedNumberConversionsNameTheReason() {
    assertFails(
        "{$toInt: NumberLong('3000000000')}",
        ErrorCode.CONVERSION_FAILURE,
        "Conversion would overflow target type in $convert with no onError value: ");
    assertFails(
        "{$toInt: 3e10}",
        ErrorCode.CONVERSION_FAILURE,
        "Conversion would overflow target type in $convert with no onError value: 3e+10");
    assertFails(
        "{$toLong: NaN}",
        ErrorCode.CONVERSION_FAILURE,
        "Attempt to convert NaN value to integer type in $convert with no onError value");
    assertFails(
        "{$toInt: '5.5'}",
        ErrorCode.CONVERSION_FAILURE,
        "Failed to parse number '5.5' in $convert with no onError value: Did not consume whole"
            + " string.");
    assertFails(
        "{$toInt: '9999999999'}",
        ErrorCode.CONVERSION_FAILURE,
        "Failed to parse number '9999999999' in $convert with no onError value: Overflow");
    assertFails(
        "{$toDouble: 'abc'}",
        ErrorCode.CONVERSION_FAILURE,
        "Failed to parse number 'abc' in $convert with no onError value: Did not consume any"
            + " digits");
    assertFails(
        "{$toDouble: '0x1A'}",
        ErrorCode.CONVERSION_FAILURE,
        "Illegal hexadecimal input in $convert with no onError value: 0x1A");
    assertFails(
        "{$toDecimal: 'x1'}",
        ErrorCode.CONVERSION_FAILURE,
        "Failed to parse number 'x1' in $convert with no onError value: Failed to parse string to"
            + " decimal");
  }

  @Test
  void toStringWritesNumbersDatesAndObjectIds() {
    assertThat(eval("{$toString: 2.5}")).isEqualTo(new BsonString("2.5"));
    assertThat(eval("{$toString: 1234567.0}")).isEqualTo(new BsonString("1.23457e+06"));
    assertThat(eval("{$toString: -0.0}")).isEqualTo(new BsonString("-0"));
    assertThat(eval("{$toString: NumberLong(42)}")).isEqualTo(new BsonString("42"));
    assertThat(eval("{$toString: NumberDecimal('2.50')}")).isEqualTo(new BsonString("2.50"));
    assertThat(eval("{$toString: true}")).isEqualTo(new BsonString("true"));
    assertThat(eval("{$toString: {$date: '2018-03-27T16:58:51.538Z'}}"))
        .isEqualTo(new BsonString("2018-03-27T16:58:51.538Z"));
    assertThat(eval("{$toString: {$oid: '5ab9cbfa31c2ab715d42129e'}}"))
        .isEqualTo(new BsonString("5ab9cbfa31c2ab715d42129e"));
    assertFails(
        "{$toString: {$date: 253402300800000}}",
        ErrorCode.LOCATION_18537,
        "Could not convert date to string: date component was outside the supported range of"
            + " 0-9999: 10000");
  }

  @Test
  void toDateReadsNumbersObjectIdsAndIsoText() {
    assertThat(eval("{$toDate: 120000000000.5}")).isEqualTo(new BsonDateTime(120000000000L));
    assertThat(eval("{$toDate: NumberDecimal('1253372036000.50')}"))
        .isEqualTo(new BsonDateTime(1253372036000L));
    assertThat(eval("{$toDate: NumberLong('1100000000000')}"))
        .isEqualTo(new BsonDateTime(1100000000000L));
    assertThat(eval("{$toDate: {$oid: '5ab9c3da31c2ab715d421285'}}"))
        .isEqualTo(value("{$date: '2018-03-27T04:08:58Z'}"));
    assertThat(eval("{$toDate: '2018-03-03'}")).isEqualTo(value("{$date: '2018-03-03T00:00:00Z'}"));
    assertThat(eval("{$toDate: '2018-03-20 11:00:06 +0500'}"))
        .isEqualTo(value("{$date: '2018-03-20T06:00:06Z'}"));
    assertThat(eval("{$toDate: '2018-03-20T11:00:06.5Z'}"))
        .isEqualTo(value("{$date: '2018-03-20T11:00:06.500Z'}"));
    assertFails(
        "{$toDate: 5}",
        ErrorCode.CONVERSION_FAILURE,
        "Unsupported conversion from int to date in $convert with no onError value");
    assertFails(
        "{$toDate: 'March 3, 2018'}",
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot convert 'March 3, 2018' to a date: only ISO 8601 dates (YYYY-MM-DD, optionally"
            + " with a time and a UTC offset) are supported");
  }

  @Test
  void toObjectIdParsesTwentyFourHexDigits() {
    assertThat(eval("{$toObjectId: '5ab9cbfa31c2ab715d42129e'}"))
        .isEqualTo(value("{$oid: '5ab9cbfa31c2ab715d42129e'}"));
    assertFails(
        "{$toObjectId: 'abc'}",
        ErrorCode.CONVERSION_FAILURE,
        "Failed to parse objectId 'abc' in $convert with no onError value: Invalid string length"
            + " for parsing to OID, expected 24 but found 3");
    assertFails(
        "{$toObjectId: '5ab9cbfa31c2ab715d42129g'}",
        ErrorCode.CONVERSION_FAILURE,
        "Failed to parse objectId '5ab9cbfa31c2ab715d42129g' in $convert with no onError value:"
            + " Invalid character found in hex string: g");
    assertFails(
        "{$toObjectId: [1, 2]}",
        ErrorCode.LOCATION_50723,
        "$toObjectId requires a single argument, got 2");
  }

  @Test
  void convertUsesOnErrorAndOnNull() {
    assertThat(eval("{$convert: {input: 'abc', to: 'int', onError: -1}}"))
        .isEqualTo(new BsonInt32(-1));
    assertThat(eval("{$convert: {input: '$nope', to: 'int', onNull: 0}}"))
        .isEqualTo(new BsonInt32(0));
    assertThat(eval("{$convert: {input: '$nope', to: 'int'}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$convert: {input: 5, to: null}}")).isEqualTo(BsonNull.VALUE);
    assertThat(eval("{$convert: {input: 5, to: 18}}")).isEqualTo(new BsonInt64(5));
    assertThat(eval("{$convert: {input: 5, to: 'double'}}")).isEqualTo(new BsonDouble(5));
    assertThat(eval("{$convert: {input: {a: 1}, to: 'object', onError: 'no'}}"))
        .isEqualTo(value("'no'"));
  }

  @Test
  void convertRefusesBadTargetsEvenWithOnError() {
    assertFails(
        "{$convert: {input: 1, to: 'integer', onError: 0}}",
        ErrorCode.BAD_VALUE,
        "Unknown type name: integer");
    assertFails(
        "{$convert: {input: 1, to: 1.5}}",
        ErrorCode.FAILED_TO_PARSE,
        "In $convert, numeric 'to' argument is not an integer");
    assertFails(
        "{$convert: {input: 1, to: 42}}",
        ErrorCode.FAILED_TO_PARSE,
        "In $convert, numeric value for 'to' does not correspond to a BSON type: 42");
    assertFails(
        "{$convert: {input: 1, to: true}}",
        ErrorCode.FAILED_TO_PARSE,
        "$convert's 'to' argument must be a string or number, but is bool");
    assertFails(
        "{$convert: {to: 'int'}}",
        ErrorCode.FAILED_TO_PARSE,
        "Missing 'input' parameter to $convert");
    assertFails(
        "{$convert: {input: 1, to: 'int', format: 'base64'}}",
        ErrorCode.FAILED_TO_PARSE,
        "$convert found an unknown argument: format");
    assertFails(
        "{$convert: 1}",
        ErrorCode.FAILED_TO_PARSE,
        "$convert expects an object of named arguments but found: int");
    assertFails(
        "{$convert: {input: 1, to: 'missing'}}",
        ErrorCode.CONVERSION_FAILURE,
        "Unsupported conversion from int to missing in $convert with no onError value");
  }
}
