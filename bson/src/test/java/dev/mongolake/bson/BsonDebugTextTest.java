package dev.mongolake.bson;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class BsonDebugTextTest {
  private static String render(String json) {
    return BsonDebugText.value(BsonDocument.parse("{v: " + json + "}").get("v"));
  }

  @Test
  void rendersScalarsLikeMongoDB() {
    assertThat(render("1")).isEqualTo("1");
    assertThat(render("{$numberLong: '5'}")).isEqualTo("5");
    assertThat(render("1.0")).isEqualTo("1.0");
    assertThat(render("2.5")).isEqualTo("2.5");
    assertThat(render("'x'")).isEqualTo("\"x\"");
    assertThat(render("null")).isEqualTo("null");
    assertThat(render("true")).isEqualTo("true");
    assertThat(render("{$oid: '65a1b2c3d4e5f60718293a4b'}"))
        .isEqualTo("ObjectId('65a1b2c3d4e5f60718293a4b')");
    assertThat(render("{$date: 1000}")).isEqualTo("new Date(1000)");
  }

  @Test
  void rendersContainersWithSpacesInside() {
    assertThat(render("{a: 1, b: [1, 'x']}")).isEqualTo("{ a: 1, b: [ 1, \"x\" ] }");
    assertThat(render("{}")).isEqualTo("{}");
    assertThat(render("[]")).isEqualTo("[]");
  }

  @Test
  void rendersAnElementWithItsName() {
    assertThat(BsonDebugText.element("_id", BsonDocument.parse("{a: 1}")))
        .isEqualTo("_id: { a: 1 }");
  }
}
