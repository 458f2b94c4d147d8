package dev.mongolake.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;
import org.junit.jupiter.api.Test;

/** JSON decodes as org.bson decodes it, nested at most MongoDB's 200 levels, on any input. */
class BoundedJsonTest {

  private static final String EVERY_KIND =
      """
      {"_id": {"$oid": "65a1b2c3d4e5f60718293a4b"}, "n": {"$numberLong": "7"}, "d": 1.5,
       "when": {"$date": {"$numberLong": "0"}}, "re": {"$regularExpression":
       {"pattern": "^a", "options": "i"}}, "bin": {"$binary": {"base64": "AQI=", "subType": "00"}},
       "list": [1, "two", {"three": [3]}], "code": {"$code": "f()", "$scope": {"x": 1}},
       unquoted: 'single', "nothing": null}
      """;

  @Test
  void decodesWhatOrgBsonDecodes() {
    assertThat(BoundedJson.parseDocument(EVERY_KIND)).isEqualTo(BsonDocument.parse(EVERY_KIND));
    assertThat(BoundedJson.parseArray("[1, [2, {\"a\": []}]]"))
        .isEqualTo(BsonArray.parse("[1, [2, {\"a\": []}]]"));
  }

  @Test
  void acceptsNestingToTheLimitAndRefusesOneLevelMore() {
    assertThat(BsonNesting.nestedLevels(BoundedJson.parseDocument(documents(200)), 1000))
        .isEqualTo(200);
    assertThat(BoundedJson.parseArray(arrays(200))).isNotNull();

    assertThatThrownBy(() -> BoundedJson.parseDocument(documents(201)))
        .isInstanceOf(BsonDepthException.class)
        .hasMessage("Cannot decode JSON: BSONObj exceeds maximum nested object depth of 200");
    assertThatThrownBy(() -> BoundedJson.parseArray(arrays(201)))
        .isInstanceOf(BsonDepthException.class);
  }

  @Test
  void refusesAHundredThousandLevelsWithoutOverflowingTheStack() {
    assertThatThrownBy(() -> BoundedJson.parseDocument(documents(100_000)))
        .isInstanceOf(BsonDepthException.class);
    assertThatThrownBy(() -> BoundedJson.parseArray(arrays(100_000)))
        .isInstanceOf(BsonDepthException.class);
  }

  @Test
  void aReaderPositionedAtADocumentIsReadWithTheLimitGiven() {
    try (JsonReader reader = new JsonReader("{\"v\": " + arrays(200) + "}")) {
      assertThat(BoundedJson.readDocument(reader, 201).getArray("v")).isNotNull();
    }
    try (JsonReader reader = new JsonReader("{\"v\": " + arrays(200) + "}")) {
      assertThatThrownBy(() -> BoundedJson.readDocument(reader, 200))
          .isInstanceOf(BsonDepthException.class);
    }
  }

  @Test
  void malformedJsonFailsAsInOrgBson() {
    assertThatThrownBy(() -> BoundedJson.parseDocument("{\"a\": "))
        .isInstanceOf(JsonParseException.class);
  }

  /** A document with {@code levels} documents nested below it. */
  private static String documents(int levels) {
    return "{\"a\": ".repeat(levels) + "{}" + "}".repeat(levels);
  }

  /** An array with {@code levels} arrays nested below it. */
  private static String arrays(int levels) {
    return "[".repeat(levels) + "[]" + "]".repeat(levels);
  }
}
