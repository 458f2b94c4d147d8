package dev.mongolake.bson;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonSerializationException;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * MongoDB's nesting limits, in one place, and the walks that measure a document already in memory
 * against them. Every reader of untrusted BSON or JSON holds its input to {@link #MAX_DEPTH}, so
 * that no recursive code behind it (decoders, parsers, matchers, encoders) can run out of stack.
 *
 * <p>The walks recurse at most one level past the limit they are given, so they are safe on any
 * input. Stateless and thread-safe.
 */
public final class BsonNesting {

  /**
   * Nested levels below a top-level document that any BSON MongoLake reads may have (a flat
   * document has none; each document, array or code-with-scope scope inside adds one). MongoDB's
   * {@code BSONDepth::kDefaultMaxAllowableDepth} ({@code src/mongo/bson/bson_depth.h}): its BSON
   * validation ({@code bson_validate.cpp}) refuses deeper input with {@code Overflow}, "BSONObj
   * exceeds maximum nested object depth".
   */
  public static final int MAX_DEPTH = 200;

  /**
   * Levels a stored document may have, the document itself being the first; empty documents and
   * arrays add none, as in MongoDB's own check ({@code validateDepth} in {@code
   * src/mongo/db/ops/insert.cpp}). MongoDB documents 100 ("MongoDB supports no more than 100 levels
   * of nesting for BSON documents"); mongod itself enforces {@code maxBSONDepth - 20}, 180, so a
   * document MongoLake stores is always one MongoDB stores.
   */
  public static final int MAX_STORED_DEPTH = 100;

  /**
   * Nesting of a query filter's documents ({@code $and}, {@code $or}, {@code $nor}, {@code
   * $elemMatch}, {@code $not}), the top-level filter being level 0: MongoDB's {@code
   * MatchExpressionParser::kMaximumTreeDepth}, refused with BadValue "exceeded maximum query tree
   * depth of 100".
   */
  public static final int MAX_QUERY_DEPTH = 100;

  /** The reason given when input nests deeper than {@link #MAX_DEPTH}, after MongoDB's. */
  public static final String TOO_DEEP =
      "BSONObj exceeds maximum nested object depth of " + MAX_DEPTH;

  private BsonNesting() {}

  /** Whether {@code document} nests deeper than {@link #MAX_DEPTH} levels below itself. */
  public static boolean tooDeep(BsonDocument document) {
    return nestedLevels(document, MAX_DEPTH) > MAX_DEPTH;
  }

  /**
   * The levels nested below {@code document}, every document and array counting (empty ones too, as
   * in MongoDB's BSON validation); once past {@code limit} the walk stops and answers more than
   * {@code limit} (at most {@link #MAX_DEPTH}).
   */
  public static int nestedLevels(BsonDocument document, int limit) {
    return deepest(values(document), 0, limit, true);
  }

  /**
   * The levels of a document as MongoDB counts them for storage: the document itself is level 1,
   * each non-empty document or array inside adds one. Once past {@code limit} the walk stops and
   * answers more than {@code limit} (at most {@link #MAX_DEPTH}).
   */
  public static int storedLevels(BsonDocument document, int limit) {
    return deepest(values(document), 1, limit, false);
  }

  /** The deepest level among {@code children} of a container at {@code level}. */
  private static int deepest(
      Iterable<BsonValue> children, int level, int limit, boolean emptyCounts) {
    if (children == null) {
      return limit + 1;
    }
    int deepest = level;
    for (BsonValue child : children) {
      if (!isContainer(child) || (!emptyCounts && isEmpty(child))) {
        continue;
      }
      if (level >= limit) {
        return limit + 1;
      }
      deepest = Math.max(deepest, deepest(contents(child), level + 1, limit, emptyCounts));
      if (deepest > limit) {
        return deepest;
      }
    }
    return deepest;
  }

  private static boolean isContainer(BsonValue value) {
    return value.isDocument() || value.isArray() || value.isJavaScriptWithScope();
  }

  private static boolean isEmpty(BsonValue value) {
    return switch (value.getBsonType()) {
      case DOCUMENT -> value.asDocument().isEmpty();
      case ARRAY -> value.asArray().isEmpty();
      default -> value.asJavaScriptWithScope().getScope().isEmpty();
    };
  }

  private static Iterable<BsonValue> contents(BsonValue container) {
    return switch (container.getBsonType()) {
      case DOCUMENT -> values(container.asDocument());
      case ARRAY -> container.asArray();
      default -> values(container.asJavaScriptWithScope().getScope());
    };
  }

  /**
   * A document's values. A raw document is decoded here by {@link BsonBytesDecoder}, which holds it
   * to {@link #MAX_DEPTH}, rather than by org.bson, whose decoding recurses without a bound; null
   * when it nests deeper than that, which callers (whose limits are at most {@link #MAX_DEPTH})
   * read as too deep.
   */
  private static Iterable<BsonValue> values(BsonDocument document) {
    if (!(document instanceof RawBsonDocument raw)) {
      return document.values();
    }
    try {
      return BsonBytesDecoder.decode(
              raw.getBackingArray(), raw.getByteOffset(), raw.getByteLength())
          .values();
    } catch (BsonDepthException e) {
      return null;
    } catch (BsonSerializationException e) {
      // Malformed bytes are not a matter of depth: whoever reads them next reports them.
      return List.of();
    }
  }
}
