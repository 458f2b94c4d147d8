package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.internal.SpecNesting;
import dev.mongolake.update.PositionalMatch;
import java.util.Map;
import java.util.OptionalInt;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A projection with MongoDB's semantics: inclusion ({@code {a: 1, "b.c": 1}}, {@code _id} kept
 * unless excluded) or exclusion ({@code {a: 0}}), nested specs ({@code {b: {c: 1}}}), dotted paths
 * through arrays, computed values ({@code "$path"}, {@code $literal}, constants), and in find the
 * operators {@code $slice}, {@code $elemMatch} and positional {@code "a.$"}.
 *
 * <p>Immutable and thread-safe.
 */
public final class Projection {

  private final ProjectionNode root;
  private final boolean inclusion;
  private final boolean includeId;
  private final PositionalMatch positionalMatch;
  // $$NOW: one value for the whole command, as in MongoDB.
  private final BsonDateTime now = new BsonDateTime(System.currentTimeMillis());

  private Projection(ProjectionParser.ParsedProjection parsed, PositionalMatch positionalMatch) {
    this.root = parsed.root();
    this.inclusion = parsed.inclusion();
    this.includeId = parsed.includeId();
    this.positionalMatch = positionalMatch;
  }

  /**
   * A find projection for a query: {@code null} or empty keeps whole documents. The query gives
   * positional {@code "a.$"} its element.
   */
  public static Projection forFind(BsonDocument spec, BsonDocument query) {
    if (spec == null || spec.isEmpty()) {
      return null;
    }
    SpecNesting.check(spec, "projection");
    ProjectionParser.ParsedProjection parsed = ProjectionParser.parse(spec, true);
    PositionalMatch match =
        parsed.positional()
            ? PositionalMatch.forFilter(query == null ? new BsonDocument() : query)
            : null;
    return new Projection(parsed, match);
  }

  /** A {@code $project} stage's projection: {@code $slice} and the like are expressions there. */
  public static Projection forStage(BsonDocument spec) {
    if (spec == null || spec.isEmpty()) {
      return null;
    }
    SpecNesting.check(spec, "projection");
    return new Projection(ProjectionParser.parse(spec, false), null);
  }

  /** A find projection without a query ({@code "a.$"} then finds no element). */
  public static Projection parse(BsonDocument spec) {
    return forFind(spec, null);
  }

  /** The projected copy of {@code document}. */
  public BsonDocument apply(BsonDocument document) {
    OptionalInt position =
        positionalMatch == null ? OptionalInt.empty() : positionalMatch.find(document);
    if (inclusion) {
      BsonDocument out = new BsonDocument();
      if (includeId && document.containsKey("_id") && !root.children().containsKey("_id")) {
        out.put("_id", document.get("_id"));
      }
      include(root, document, document, position, out);
      return out;
    }
    BsonDocument out = exclude(root, document, position);
    if (!includeId) {
      out.remove("_id");
    }
    return out;
  }

  private void include(
      ProjectionNode node,
      BsonDocument document,
      BsonDocument whole,
      OptionalInt position,
      BsonDocument out) {
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      ProjectionItem item = node.children().get(field.getKey());
      BsonValue value = field.getValue();
      BsonValue projected =
          switch (item) {
            case null -> null;
            case FieldProjection.Include ignored -> value;
            case FieldProjection.Exclude ignored -> null;
            case FieldProjection.Slice slice -> slice(slice, value);
            case FieldProjection.Positional ignored -> positional(value, position);
            // Placed after the document's own fields, below.
            case FieldProjection.ElementMatch ignored -> null;
            case FieldProjection.Computed ignored -> null;
            case ProjectionNode sub -> includeIn(sub, value, whole, position);
          };
      if (projected != null) {
        out.put(field.getKey(), projected);
      }
    }
    for (Map.Entry<String, ProjectionItem> child : node.children().entrySet()) {
      BsonValue value =
          switch (child.getValue()) {
            case FieldProjection.ElementMatch match -> firstMatch(match, document);
            case FieldProjection.Computed computed ->
                computed.expression().evaluate(new Variables(now).setDocument(whole));
            case ProjectionNode sub when !document.containsKey(child.getKey()) ->
                computedOnly(sub, whole);
            default -> null;
          };
      if (value != null) {
        out.put(child.getKey(), value);
      }
    }
  }

  private BsonValue includeIn(
      ProjectionNode node, BsonValue value, BsonDocument whole, OptionalInt position) {
    if (value instanceof BsonDocument document) {
      BsonDocument out = new BsonDocument();
      include(node, document, whole, position, out);
      return out;
    }
    if (value instanceof BsonArray array) {
      BsonArray out = new BsonArray();
      for (BsonValue element : array) {
        // Scalars inside an array have no sub-fields to keep.
        BsonValue projected = includeIn(node, element, whole, position);
        if (projected != null) {
          out.add(projected);
        }
      }
      return out;
    }
    return null;
  }

  /** Computed fields under a path the document does not have: {@code {"a.b": "$x"}}. */
  private BsonValue computedOnly(ProjectionNode node, BsonDocument whole) {
    BsonDocument out = new BsonDocument();
    include(node, new BsonDocument(), whole, OptionalInt.empty(), out);
    return out.isEmpty() ? null : out;
  }

  private BsonDocument exclude(ProjectionNode node, BsonDocument document, OptionalInt position) {
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> field : document.entrySet()) {
      ProjectionItem item = node.children().get(field.getKey());
      BsonValue value = field.getValue();
      BsonValue projected =
          switch (item) {
            case null -> value;
            case FieldProjection.Exclude ignored -> null;
            case FieldProjection.Slice slice -> slice(slice, value);
            case ProjectionNode sub -> excludeIn(sub, value, position);
            default -> value;
          };
      if (projected != null) {
        out.put(field.getKey(), projected);
      }
    }
    return out;
  }

  private BsonValue excludeIn(ProjectionNode node, BsonValue value, OptionalInt position) {
    if (value instanceof BsonDocument document) {
      return exclude(node, document, position);
    }
    if (value instanceof BsonArray array) {
      BsonArray out = new BsonArray();
      for (BsonValue element : array) {
        out.add(excludeIn(node, element, position));
      }
      return out;
    }
    return value;
  }

  private static BsonValue slice(FieldProjection.Slice slice, BsonValue value) {
    if (!(value instanceof BsonArray array)) {
      return value;
    }
    int size = array.size();
    int from = slice.skip() >= 0 ? Math.min(slice.skip(), size) : Math.max(0, size + slice.skip());
    int to = (int) Math.min((long) from + slice.limit(), size);
    return new BsonArray(array.getValues().subList(from, to));
  }

  private static BsonValue positional(BsonValue value, OptionalInt position) {
    if (!(value instanceof BsonArray array)) {
      return value;
    }
    if (position.isEmpty() || position.getAsInt() >= array.size()) {
      throw new MongoLakeException(
          ErrorCode.LOCATION_51246,
          "Executor error during find command :: caused by :: positional operator '.$' couldn't"
              + " find a matching element in the array");
    }
    return new BsonArray(java.util.List.of(array.get(position.getAsInt())));
  }

  private static BsonValue firstMatch(FieldProjection.ElementMatch match, BsonDocument document) {
    if (!(document.get(match.field()) instanceof BsonArray array)) {
      return null;
    }
    for (BsonValue element : array) {
      BsonArray alone = new BsonArray(java.util.List.of(element));
      if (match.filter().matches(new BsonDocument(match.field(), alone))) {
        return alone;
      }
    }
    return null;
  }
}
