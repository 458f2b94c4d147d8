package dev.mongolake.aggregate.internal.expression;

import static dev.mongolake.aggregate.internal.expression.OperatorTesting.assertFails;
import static dev.mongolake.aggregate.internal.expression.OperatorTesting.eval;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.ErrorCode;
import java.util.HashSet;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class MiscellaneousOperatorsTest {

  @Test
  void randIsADoubleInTheUnitIntervalAndNeverFolded() {
    Expression rand =
        ExpressionParser.parse(
            BsonDocument.parse("{e: {$rand: {}}}").get("e"), VariableScope.root());
    assertThat(rand.isConstant()).isFalse();
    Set<Double> seen = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      BsonValue value = rand.evaluate(new Variables(new org.bson.BsonDateTime(0)));
      assertThat(value.isDouble()).isTrue();
      assertThat(value.asDouble().getValue()).isGreaterThanOrEqualTo(0).isLessThan(1);
      seen.add(value.asDouble().getValue());
    }
    assertThat(seen).hasSizeGreaterThan(1);
    assertFails(
        "{$rand: {seed: 1}}",
        ErrorCode.LOCATION_3040501,
        "$rand does not currently accept arguments");
    assertFails(
        "{$rand: 1}", ErrorCode.LOCATION_10065, "invalid parameter: expected an object ($rand)");
  }

  @Test
  void binarySizeCountsUtf8BytesOrBinDataLength() {
    assertThat(eval("{$binarySize: 'héllo'}")).isEqualTo(new BsonInt32(6));
    assertThat(eval("{$binarySize: {$binary: {base64: 'AQID', subType: '00'}}}"))
        .isEqualTo(new BsonInt32(3));
    assertThat(eval("{$binarySize: '$nope'}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$binarySize: 1}",
        ErrorCode.LOCATION_51276,
        "$binarySize requires a string or BinData argument, found: int");
  }

  @Test
  void bsonSizeIsTheEncodedDocumentLength() {
    assertThat(eval("{$bsonSize: '$$ROOT'}", "{_id: 1, a: 'xy'}")).isEqualTo(new BsonInt32(24));
    assertThat(eval("{$bsonSize: {}}")).isEqualTo(new BsonInt32(5));
    assertThat(eval("{$bsonSize: null}")).isEqualTo(BsonNull.VALUE);
    assertFails(
        "{$bsonSize: [[1]]}",
        ErrorCode.LOCATION_31393,
        "$bsonSize requires a document input, found: array");
  }

  @Test
  void javascriptTextScoresAndHashedKeysAreRefused() {
    assertFails(
        "{$function: {body: 'function() {}', args: [], lang: 'js'}}",
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot evaluate expression $function: server-side JavaScript is not supported");
    assertFails(
        "{$meta: 'textScore'}",
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot evaluate expression $meta: text and search scores are not supported");
    assertFails(
        "{$toHashedIndexKey: 1}",
        ErrorCode.NOT_IMPLEMENTED,
        "Cannot evaluate expression $toHashedIndexKey: MongoDB's hashed index key function is not"
            + " reproduced");
  }
}
