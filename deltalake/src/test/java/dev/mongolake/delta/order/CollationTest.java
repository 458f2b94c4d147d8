package dev.mongolake.delta.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.QueryException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CollationTest {

  private static Collation collation(String json) {
    return Collation.parse(BsonDocument.parse(json));
  }

  private static int compare(String json, String a, String b) {
    return Integer.signum(collation(json).order().compare(new BsonString(a), new BsonString(b)));
  }

  @Test
  void aResolvedCollationReportsEveryFieldAsMongoDbDoes() {
    assertThat(collation("{locale: 'en', strength: 2.9}").toDocument())
        .isEqualTo(
            BsonDocument.parse(
                "{locale: 'en', caseLevel: false, caseFirst: 'off', strength: 2,"
                    + " numericOrdering: false, alternate: 'non-ignorable', maxVariable: 'punct',"
                    + " normalization: false, backwards: false, version: '57.1'}"));
  }

  @Test
  void theLocaleSuppliesTheDefaultsTheSpecificationLeavesOut() {
    assertThat(collation("{locale: 'fr_CA'}").backwards()).isTrue();
    assertThat(collation("{locale: 'fr_CA', backwards: false}").backwards()).isFalse();
    assertThat(collation("{locale: 'de@collation=phonebook'}").locale())
        .isEqualTo("de@collation=phonebook");
  }

  @Test
  void simpleIsBinaryComparisonWhateverElseItSays() {
    assertThat(collation("{locale: 'simple'}")).isSameAs(Collation.SIMPLE);
    assertThat(collation("{locale: 'simple', strength: 1}").isSimple()).isTrue();
    assertThat(Collation.SIMPLE.order()).isSameAs(BsonComparisonOrder.INSTANCE);
    assertThat(Collation.SIMPLE.toDocument()).isEqualTo(BsonDocument.parse("{locale: 'simple'}"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "{strength: 2}|40414|BSON field 'collation.locale' is missing but a required field",
        "{locale: null}|40414|BSON field 'collation.locale' is missing but a required field",
        "{locale: 5}|14|BSON field 'collation.locale' is the wrong type 'int', expected type 'string'",
        "{locale: 'zz_nope'}|2|Field 'locale' is invalid in: { locale: \"zz_nope\" }",
        "{locale: 'en-US'}|2|Field 'locale' is invalid in: { locale: \"en-US\" }",
        "{locale: 'EN'}|2|Field 'locale' is invalid in: { locale: \"EN\" }",
        "{locale: 'root'}|2|Field 'locale' is invalid in: { locale: \"root\" }",
        "{locale: 'en', strength: 6}|51024|BSON field 'strength' value must be <= 5, actual value '6'",
        "{locale: 'en', strength: -1}|51024|BSON field 'strength' value must be >= 0, actual value '-1'",
        "{locale: 'en', strength: 0}|2|Enumeration value '0' for field 'collation.strength' is not a valid value.",
        "{locale: 'en', strength: 'x'}|14|BSON field 'collation.strength' is the wrong type 'string', expected types '[long, int, decimal, double]'",
        "{locale: 'en', backwards: 1}|14|BSON field 'collation.backwards' is the wrong type 'int', expected type 'bool'",
        "{locale: 'en', caseFirst: 'sideways'}|2|Enumeration value 'sideways' for field 'collation.caseFirst' is not a valid value.",
        "{locale: 'en', alternate: 'x'}|2|Enumeration value 'x' for field 'collation.alternate' is not a valid value.",
        "{locale: 'en', bogus: 1}|40415|BSON field 'collation.bogus' is an unknown field.",
        "{locale: 'en', strength: 1, backwards: true}|2|'backwards' is invalid with 'strength' of 1 in: { locale: \"en\", strength: 1, backwards: true }",
        "{locale: 'en', version: '1'}|161|",
      })
  void aSpecificationMongoDbRefusesIsRefusedWithItsCode(String json, int code, String message) {
    assertThatThrownBy(() -> collation(json))
        .isInstanceOfSatisfying(
            QueryException.class,
            e -> {
              assertThat(e.code()).isEqualTo(code);
              if (message != null) {
                assertThat(e.getMessage()).isEqualTo(message);
              }
            });
  }

  @Test
  void aCollationOptionThatIsNotADocumentIsATypeMismatch() {
    assertThatThrownBy(() -> Collation.parse(new BsonInt32(1)))
        .isInstanceOfSatisfying(QueryException.class, e -> assertThat(e.code()).isEqualTo(14));
  }

  @Test
  void strengthDecidesWhichDifferencesCount() {
    assertThat(compare("{locale: 'en', strength: 1}", "cafe", "Café")).isZero();
    assertThat(compare("{locale: 'en', strength: 2}", "cafe", "CAFE")).isZero();
    assertThat(compare("{locale: 'en', strength: 2}", "cafe", "café")).isNotZero();
    assertThat(compare("{locale: 'en', strength: 3}", "cafe", "Cafe")).isNotZero();
    assertThat(compare("{locale: 'simple'}", "B", "a")).isNegative();
    assertThat(compare("{locale: 'en'}", "B", "a")).isPositive();
  }

  @Test
  void optionsChangeTheOrderAsIcuDefinesThem() {
    assertThat(compare("{locale: 'en'}", "10", "9")).isNegative();
    assertThat(compare("{locale: 'en', numericOrdering: true}", "10", "9")).isPositive();
    assertThat(compare("{locale: 'en', caseFirst: 'upper'}", "A", "a")).isNegative();
    assertThat(compare("{locale: 'en', caseFirst: 'lower'}", "A", "a")).isPositive();
    assertThat(compare("{locale: 'en', alternate: 'shifted'}", "a-b", "ab")).isZero();
    assertThat(compare("{locale: 'en'}", "a-b", "ab")).isNotZero();
  }

  @Test
  void stringsInsideDocumentsAndArraysCompareUnderTheCollationButFieldNamesDoNot() {
    BsonComparisonOrder order = collation("{locale: 'en', strength: 2}").order();
    assertThat(order.compare(BsonDocument.parse("{a: 'X'}"), BsonDocument.parse("{a: 'x'}")))
        .isZero();
    assertThat(order.compare(BsonDocument.parse("{A: 'x'}"), BsonDocument.parse("{a: 'x'}")))
        .isNotZero();
    assertThat(
            order.compare(
                BsonDocument.parse("{v: ['A', 'b']}").get("v"),
                BsonDocument.parse("{v: ['a', 'B']}").get("v")))
        .isZero();
  }

  @Test
  void comparisonKeysOrderAndEquateAsTheCollationDoes() {
    List<String> words =
        List.of(
            "",
            "a",
            "A",
            "á",
            "ab",
            "a b",
            "a-b",
            "B",
            "b",
            "café",
            "CAFE",
            "cafe",
            "10",
            "9",
            "z",
            "Z",
            "\uD83D\uDE00",
            "ß",
            "ss",
            "Straße",
            "strasse");
    for (String json :
        List.of(
            "{locale: 'en'}",
            "{locale: 'en', strength: 1}",
            "{locale: 'en', strength: 2, caseLevel: true}",
            "{locale: 'en', alternate: 'shifted', strength: 4}",
            "{locale: 'en', numericOrdering: true, caseFirst: 'upper'}",
            "{locale: 'fr_CA'}",
            "{locale: 'de@collation=phonebook'}")) {
      BsonComparisonOrder order = collation(json).order();
      List<BsonValue> values = new ArrayList<>();
      words.forEach(word -> values.add(new BsonString(word)));
      for (BsonValue a : values) {
        for (BsonValue b : values) {
          int byKeys =
              Integer.signum(
                  BsonComparisonOrder.INSTANCE.compare(
                      order.comparisonKey(a), order.comparisonKey(b)));
          assertThat(byKeys)
              .as("%s %s %s", json, a, b)
              .isEqualTo(Integer.signum(order.compare(a, b)));
          assertThat(order.comparisonKey(a).equals(order.comparisonKey(b)))
              .isEqualTo(order.compare(a, b) == 0);
        }
      }
    }
  }
}
