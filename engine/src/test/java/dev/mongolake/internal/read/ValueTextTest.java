package dev.mongolake.internal.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

class ValueTextTest {

  @Test
  void documentsAndArraysAreWrittenAsMongoDbsValueToString() {
    assertThat(ValueText.value(BsonDocument.parse("{_id: 1, a: 'x', b: [1, {c: null}], d: {}}")))
        .isEqualTo("{_id: 1, a: \"x\", b: [1, {c: null}], d: {}}");
  }

  @Test
  void missingIsWrittenMissing() {
    assertThat(ValueText.value(null)).isEqualTo("MISSING");
  }

  @Test
  void doublesAreWrittenWithSixSignificantDigits() {
    assertThat(ValueText.value(new BsonDouble(2.5))).isEqualTo("2.5");
    assertThat(ValueText.value(new BsonDouble(3))).isEqualTo("3");
    assertThat(ValueText.value(new BsonDouble(1e6))).isEqualTo("1e+06");
    assertThat(ValueText.value(new BsonDouble(1.0 / 3))).isEqualTo("0.333333");
  }

  @Test
  void datesAreIsoWithMilliseconds() {
    assertThat(ValueText.value(new BsonDateTime(0))).isEqualTo("1970-01-01T00:00:00.000Z");
  }

  @Test
  void anElementIsItsNameAndValue() {
    assertThat(ValueText.element("a", new BsonString("$b"))).isEqualTo("a: \"$b\"");
    assertThat(ValueText.element("0", new BsonArray(java.util.List.of(BsonNull.VALUE))))
        .isEqualTo("0: [null]");
  }
}
