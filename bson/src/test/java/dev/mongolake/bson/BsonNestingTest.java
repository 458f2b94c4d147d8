package dev.mongolake.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonJavaScriptWithScope;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

/** The decoder and the walks hold BSON to MongoDB's nesting limits without running out of stack. */
class BsonNestingTest {

  @Test
  void decodesADocumentNestedExactlyToTheLimit() {
    BsonDocument decoded =
        BsonBytesDecoder.decode(DeepBson.nested(BsonNesting.MAX_DEPTH, DeepBson.DOCUMENT));

    assertThat(BsonNesting.nestedLevels(decoded, BsonNesting.MAX_DEPTH))
        .isEqualTo(BsonNesting.MAX_DEPTH);
  }

  @Test
  void refusesADocumentNestedOneLevelPastTheLimit() {
    byte[] bytes = DeepBson.nested(BsonNesting.MAX_DEPTH + 1, DeepBson.DOCUMENT);

    assertThatThrownBy(() -> BsonBytesDecoder.decode(bytes))
        .isInstanceOf(BsonDepthException.class)
        .hasMessageStartingWith(
            "Cannot decode BSON: BSONObj exceeds maximum nested object depth of 200 (at offset");
  }

  @Test
  void refusesArraysNestedPastTheLimitAsWell() {
    assertThat(BsonBytesDecoder.decode(DeepBson.nested(BsonNesting.MAX_DEPTH, DeepBson.ARRAY)))
        .isNotNull();
    assertThatThrownBy(
            () ->
                BsonBytesDecoder.decode(DeepBson.nested(BsonNesting.MAX_DEPTH + 1, DeepBson.ARRAY)))
        .isInstanceOf(BsonDepthException.class);
  }

  @Test
  void refusesAHundredThousandLevelsWithoutOverflowingTheStack() {
    byte[] hostile = DeepBson.nested(100_000, DeepBson.DOCUMENT);

    assertThatThrownBy(() -> BsonBytesDecoder.decode(hostile))
        .isInstanceOf(BsonDepthException.class);
    assertThatThrownBy(() -> BsonBytesDecoder.decode(DeepBson.nested(100_000, DeepBson.ARRAY)))
        .isInstanceOf(BsonDepthException.class);
  }

  @Test
  void aCodeWithScopeScopeIsANestedLevel() {
    BsonDocument scope = nestedDocuments(BsonNesting.MAX_DEPTH);
    BsonDocument atLimit =
        new BsonDocument("js", new BsonJavaScriptWithScope("x", scope.getDocument("a")));
    BsonDocument pastLimit = new BsonDocument("js", new BsonJavaScriptWithScope("x", scope));

    assertThat(BsonBytesDecoder.decode(BsonBytesEncoder.encode(atLimit))).isEqualTo(atLimit);
    assertThat(BsonNesting.tooDeep(atLimit)).isFalse();
    assertThatThrownBy(() -> BsonBytesDecoder.decode(BsonBytesEncoder.encode(pastLimit)))
        .isInstanceOf(BsonDepthException.class);
    assertThat(BsonNesting.tooDeep(pastLimit)).isTrue();
  }

  @Test
  void nestedLevelsCountEveryContainerBelowTheDocument() {
    assertThat(BsonNesting.nestedLevels(new BsonDocument("a", new BsonInt32(1)), 10)).isZero();
    assertThat(BsonNesting.nestedLevels(new BsonDocument("a", new BsonDocument()), 10)).isOne();
    assertThat(BsonNesting.nestedLevels(new BsonDocument("a", arrayOf(new BsonArray())), 10))
        .isEqualTo(2);
    assertThat(BsonNesting.tooDeep(nestedDocuments(BsonNesting.MAX_DEPTH))).isFalse();
    assertThat(BsonNesting.tooDeep(nestedDocuments(BsonNesting.MAX_DEPTH + 1))).isTrue();
  }

  @Test
  void storedLevelsCountTheDocumentItselfAndNoEmptyContainer() {
    assertThat(BsonNesting.storedLevels(new BsonDocument(), 100)).isOne();
    assertThat(BsonNesting.storedLevels(new BsonDocument("a", new BsonDocument()), 100)).isOne();
    assertThat(BsonNesting.storedLevels(new BsonDocument("a", arrayOf(new BsonInt32(1))), 100))
        .isEqualTo(2);
    BsonDocument hundredLevels = withLeaf(BsonNesting.MAX_STORED_DEPTH - 1);
    assertThat(BsonNesting.storedLevels(hundredLevels, BsonNesting.MAX_STORED_DEPTH))
        .isEqualTo(BsonNesting.MAX_STORED_DEPTH);
    assertThat(
            BsonNesting.storedLevels(
                withLeaf(BsonNesting.MAX_STORED_DEPTH), BsonNesting.MAX_STORED_DEPTH))
        .isGreaterThan(BsonNesting.MAX_STORED_DEPTH);
  }

  @Test
  void aRawDocumentIsMeasuredWithoutOrgBsonsUnboundedDecoding() {
    RawBsonDocument hostile = new RawBsonDocument(DeepBson.nested(100_000, DeepBson.DOCUMENT));
    BsonDocument holding = new BsonDocument("raw", hostile);

    assertThat(BsonNesting.tooDeep(hostile)).isTrue();
    assertThat(BsonNesting.tooDeep(holding)).isTrue();
    assertThat(BsonNesting.storedLevels(holding, 100)).isGreaterThan(100);
    assertThat(
            BsonNesting.nestedLevels(new RawBsonDocument(DeepBson.nested(3, DeepBson.ARRAY)), 10))
        .isEqualTo(3);
  }

  /** A document with {@code levels} documents nested below it, the innermost empty. */
  private static BsonDocument nestedDocuments(int levels) {
    BsonDocument document = new BsonDocument();
    for (int i = 0; i < levels; i++) {
      document = new BsonDocument("a", document);
    }
    return document;
  }

  /** {@code levels} non-empty documents below the top, the innermost holding {@code x: 1}. */
  private static BsonDocument withLeaf(int levels) {
    BsonDocument document = new BsonDocument("x", new BsonInt32(1));
    for (int i = 0; i < levels; i++) {
      document = new BsonDocument("a", document);
    }
    return document;
  }

  private static BsonArray arrayOf(org.bson.BsonValue value) {
    return new BsonArray(java.util.List.of(value));
  }
}
