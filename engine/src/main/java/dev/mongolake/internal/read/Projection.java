package dev.mongolake.internal.read;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.aggregate.internal.expression.VariableScope;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.internal.SpecNesting;
import dev.mongolake.update.PositionalMatch;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A projection with MongoDB's semantics: inclusion ({@code {a: 1, "b.c": 1}}, {@code _id} kept
 * unless excluded) or exclusion ({@code {a: 0}}), nested specs ({@code {b: {c: 1}}}), dotted paths
 * through arrays, fields computed by any aggregation expression (missing, as {@code $$REMOVE},
 * leaves the field out), and in find the operators {@code $slice}, {@code $elemMatch} and
 * positional {@code "a.$"}. {@link #forAddFields} serves {@code $addFields}/{@code $set}: every
 * field of the document kept, the computed ones set (dotted paths create sub-documents and reach
 * into each element of an array).
 *
 * <p>Immutable and thread-safe; the {@link Variables} passed to {@link #apply(BsonDocument,
 * Variables)} are the caller's, one per running command.
 */
public final class Projection {

  private final ProjectionNode root;
  private final boolean inclusion;
  private final boolean addition;
  private final boolean includeId;
  private final PositionalMatch positionalMatch;
  // find has no command context yet: $$NOW is fixed when the projection is parsed.
  private final BsonDateTime now = new BsonDateTime(System.currentTimeMillis());

  private Projection(
      ProjectionParser.ParsedProjection parsed, boolean addition, PositionalMatch positionalMatch) {
    this.root = parsed.root();
    this.inclusion = parsed.inclusion();
    this.addition = addition;
    this.includeId = parsed.includeId();
    this.positionalMatch = positionalMatch;
  }

  /**
   * A find projection for a query: {@code null} or empty keeps whole documents. The query gives
   * positional {@code "a.$"} its element.
   */
  public static Projection forFind(BsonDocument spec, BsonDocument query) {
    return forFind(spec, query, VariableScope.root());
  }

  /**
   * A find projection whose expressions see the variables of {@code scope} (the command's {@code
   * let}); apply it with {@link #apply(BsonDocument, Variables)} and the command's variables.
   */
  public static Projection forFind(BsonDocument spec, BsonDocument query, VariableScope scope) {
    if (spec == null || spec.isEmpty()) {
      return null;
    }
    SpecNesting.check(spec, "projection");
    ProjectionParser.ParsedProjection parsed =
        ProjectionParser.parse(spec, ProjectionParser.Mode.FIND, scope);
    PositionalMatch match =
        parsed.positional()
            ? PositionalMatch.forFilter(query == null ? new BsonDocument() : query)
            : null;
    return new Projection(parsed, false, match);
  }

  /**
   * A {@code $project} stage's projection, its expressions parsed in {@code scope}: {@code $slice}
   * and the like are expressions there.
   *
   * @throws dev.mongolake.MongoLakeException 51272 for an empty specification
   */
  public static Projection forStage(BsonDocument spec, VariableScope scope) {
    SpecNesting.check(spec, "projection");
    return new Projection(
        ProjectionParser.parse(spec, ProjectionParser.Mode.STAGE, scope), false, null);
  }

  /**
   * {@code $addFields}/{@code $set}: the computed fields of {@code spec}, parsed in {@code scope}.
   */
  public static Projection forAddFields(BsonDocument spec, VariableScope scope) {
    SpecNesting.check(spec, "projection");
    return new Projection(
        ProjectionParser.parse(spec, ProjectionParser.Mode.ADDITION, scope), true, null);
  }

  /** A find projection without a query ({@code "a.$"} then finds no element). */
  public static Projection parse(BsonDocument spec) {
    return forFind(spec, null);
  }

  /** The projected copy of {@code document}, its expressions evaluated with fresh variables. */
  public BsonDocument apply(BsonDocument document) {
    return apply(document, new Variables(now));
  }

  /**
   * The projected copy of {@code document}; {@code variables} carry {@code $$NOW} and the command's
   * {@code let} values, and get {@code document} as {@code $$ROOT}.
   */
  public BsonDocument apply(BsonDocument document, Variables variables) {
    variables.setDocument(document);
    if (addition) {
      BsonDocument out = document.clone();
      applyExpressions(root, out, document, variables);
      return out;
    }
    OptionalInt position =
        positionalMatch == null ? OptionalInt.empty() : positionalMatch.find(document);
    if (inclusion) {
      BsonDocument out = new BsonDocument();
      if (includeId && document.containsKey("_id") && !root.children().containsKey("_id")) {
        out.put("_id", document.get("_id"));
      }
      include(root, document, position, out);
      applyExpressions(root, out, document, variables);
      return out;
    }
    BsonDocument out = exclude(root, document, position);
    if (!includeId) {
      out.remove("_id");
    }
    return out;
  }

  /** Whether this projection keeps only the fields it names (and {@code _id}). */
  public boolean isInclusion() {
    return inclusion && !addition;
  }

  /**
   * Adds what the projection reads: for an inclusion the paths it keeps (and {@code _id}), for
   * every kind the computed fields' own reads.
   */
  public void addDependencies(Dependencies dependencies) {
    if (isInclusion() && includeId) {
      dependencies.addPath("_id");
    }
    addDependencies(root, "", dependencies);
  }

  private void addDependencies(ProjectionNode node, String prefix, Dependencies dependencies) {
    for (Map.Entry<String, ProjectionItem> child : node.children().entrySet()) {
      String path = prefix + child.getKey();
      switch (child.getValue()) {
        case FieldProjection.Computed computed ->
            computed.expression().addDependencies(dependencies);
        case ProjectionNode sub -> addDependencies(sub, path + ".", dependencies);
        case FieldProjection.Exclude ignored -> {}
        default -> {
          if (isInclusion()) {
            dependencies.addPath(path);
          }
        }
      }
    }
  }

  /** The paths the projection sets or removes (for {@code $addFields} the computed ones). */
  public Set<String> paths() {
    Set<String> out = new TreeSet<>();
    collectPaths(root, "", out);
    return out;
  }

  private static void collectPaths(ProjectionNode node, String prefix, Set<String> out) {
    for (Map.Entry<String, ProjectionItem> child : node.children().entrySet()) {
      if (child.getValue() instanceof ProjectionNode sub) {
        collectPaths(sub, prefix + child.getKey() + ".", out);
      } else {
        out.add(prefix + child.getKey());
      }
    }
  }

  /** The kept fields of {@code document}, in its order (computed ones come after). */
  private void include(
      ProjectionNode node, BsonDocument document, OptionalInt position, BsonDocument out) {
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
            // Placed after the document's own fields, with the computed ones.
            case FieldProjection.ElementMatch ignored -> null;
            case FieldProjection.Computed ignored -> null;
            case ProjectionNode sub -> includeIn(sub, value, position);
          };
      if (projected != null) {
        out.put(field.getKey(), projected);
      }
    }
  }

  private BsonValue includeIn(ProjectionNode node, BsonValue value, OptionalInt position) {
    if (value instanceof BsonDocument document) {
      BsonDocument out = new BsonDocument();
      include(node, document, position, out);
      return out;
    }
    if (value instanceof BsonArray array) {
      BsonArray out = new BsonArray();
      for (BsonValue element : array) {
        // Scalars inside an array have no sub-fields to keep; where fields are computed below,
        // MongoDB replaces them by a document of those fields (set in applyExpressions).
        BsonValue projected = includeIn(node, element, position);
        if (projected != null) {
          out.add(projected);
        } else if (node.hasComputedFields()) {
          out.add(new BsonDocument());
        }
      }
      return out;
    }
    return null;
  }

  /**
   * Sets the computed fields of {@code node} in {@code out}, in the specification's order, as
   * MongoDB does after the kept fields: a value that is missing removes the field; under a dotted
   * path a document gets the fields, each element of an array gets them, and anything else (a
   * scalar, nothing) is replaced by a document of them.
   */
  private void applyExpressions(
      ProjectionNode node, BsonDocument out, BsonDocument source, Variables variables) {
    for (Map.Entry<String, ProjectionItem> child : node.children().entrySet()) {
      String name = child.getKey();
      BsonValue value =
          switch (child.getValue()) {
            case FieldProjection.Computed computed -> computed.expression().evaluate(variables);
            case FieldProjection.ElementMatch match -> firstMatch(match, source);
            case ProjectionNode sub when sub.hasComputedFields() ->
                expressionsInto(sub, out.get(name), variables);
            default -> out.get(name);
          };
      if (value == null) {
        out.remove(name);
      } else {
        out.put(name, value);
      }
    }
  }

  private BsonValue expressionsInto(ProjectionNode node, BsonValue value, Variables variables) {
    if (value instanceof BsonDocument document) {
      BsonDocument copy = document.clone();
      applyExpressions(node, copy, copy, variables);
      return copy;
    }
    if (value instanceof BsonArray array) {
      BsonArray out = new BsonArray();
      for (BsonValue element : array) {
        out.add(expressionsInto(node, element, variables));
      }
      return out;
    }
    BsonDocument fresh = new BsonDocument();
    applyExpressions(node, fresh, fresh, variables);
    return fresh;
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
