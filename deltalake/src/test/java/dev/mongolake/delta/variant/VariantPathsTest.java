package dev.mongolake.delta.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantPaths} finds at each path what decoding the whole document and walking down the
 * path finds, over generated documents of every BSON type (wrapped types and documents whose one
 * key looks like a wrapper included), and declines exactly the paths that cross an array.
 */
class VariantPathsTest {
  private static final long SEED = 0x5EED_0B50_7A51L;

  @Test
  void everyPathGivesTheDecodedDocumentsValueOrDeclinesAtAnArray() {
    Random random = new Random(SEED);
    int answered = 0;
    int declined = 0;
    for (int i = 0; i < 400; i++) {
      BsonDocument document = RandomBson.document(random, 3);
      EncodedVariant encoded = BsonVariantCodec.encode(document);
      BsonDocument decoded = BsonVariantCodec.decode(encoded);
      Set<String> candidates = new LinkedHashSet<>();
      collectPaths(decoded, "", candidates);
      candidates.add("missing");
      candidates.add("_id.missing");
      candidates.add("$oid");
      candidates.add("$document.a");
      for (String path : candidates) {
        VariantPaths paths = new VariantPaths(List.of(path));
        BsonValue[] out = new BsonValue[1];
        boolean done = paths.extract(encoded.metadata(), encoded.value(), out);
        Walk expected = walk(decoded, path.split("\\."));
        assertThat(done).as("%s in %s", path, decoded.toJson()).isEqualTo(!expected.crossesArray());
        if (done) {
          assertThat(out[0]).as("%s in %s", path, decoded.toJson()).isEqualTo(expected.value());
          answered++;
        } else {
          declined++;
        }
      }
    }
    // Means something only if both outcomes occurred, and often.
    assertThat(answered).isGreaterThan(2_000);
    assertThat(declined).isGreaterThan(50);
  }

  @Test
  void severalPathsAreReadInOnePass() {
    BsonDocument document =
        BsonDocument.parse(
            "{_id: {$oid: '5f1a2b3c4d5e6f7a8b9c0d1e'}, a: {b: 1, c: {$numberDecimal: '2.5'}},"
                + " $document: {x: 1}, d: {$date: '2024-01-01T00:00:00Z'}, e: [1, 2]}");
    EncodedVariant encoded = BsonVariantCodec.encode(document);
    VariantPaths paths = new VariantPaths(List.of("a.b", "a.c", "_id", "d.x", "$document.x", "e"));
    BsonValue[] out = new BsonValue[6];

    assertThat(paths.extract(encoded.metadata(), encoded.value(), out)).isTrue();

    assertThat(out)
        .containsExactly(
            document.getDocument("a").get("b"),
            document.getDocument("a").get("c"),
            document.get("_id"),
            null,
            document.getDocument("$document").get("x"),
            document.get("e"));
    assertThat(new VariantPaths(List.of("e.x")).extract(encoded.metadata(), encoded.value(), out))
        .isFalse();
  }

  private record Walk(BsonValue value, boolean crossesArray) {}

  private static Walk walk(BsonDocument document, String[] path) {
    BsonValue current = document;
    for (int i = 0; i < path.length; i++) {
      if (current instanceof BsonArray) {
        return new Walk(null, true);
      }
      if (!(current instanceof BsonDocument parent) || !parent.containsKey(path[i])) {
        return new Walk(null, false);
      }
      current = parent.get(path[i]);
    }
    return new Walk(current, false);
  }

  private static void collectPaths(BsonValue value, String prefix, Set<String> out) {
    if (value instanceof BsonDocument document) {
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        if (field.getKey().contains(".") || field.getKey().isEmpty()) {
          continue;
        }
        String path = prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey();
        out.add(path);
        collectPaths(field.getValue(), path, out);
      }
    } else if (value instanceof BsonArray array) {
      List<BsonValue> elements = new ArrayList<>(array);
      for (BsonValue element : elements) {
        collectPaths(element, prefix, out);
      }
    }
  }
}
