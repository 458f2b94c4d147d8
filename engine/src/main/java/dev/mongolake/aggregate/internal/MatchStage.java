package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.aggregate.internal.expression.CompiledExprEvaluator;
import dev.mongolake.aggregate.internal.expression.Dependencies;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.read.QueryErrors;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterators;
import java.util.stream.StreamSupport;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code $match: <filter>}: the documents the query filter matches ({@code $expr} included, with
 * the command's variables), its comparisons of strings following the command's collation. Adjacent
 * matches merge into one that needs every filter.
 *
 * @param specification the filter as written ({@code {$and: [...]}} once merged)
 * @param filters the parsed filters, all of which a document must match
 */
record MatchStage(BsonDocument specification, List<Filter> filters) implements PipelineStage {

  MatchStage {
    filters = List.copyOf(filters);
  }

  static PipelineStage parse(BsonValue specification, PipelineContext context) {
    BsonDocument spec =
        StageSpecs.document(
            specification,
            ErrorCode.LOCATION_15959,
            "the match filter must be an expression in an object");
    return new MatchStage(
        spec,
        List.of(
            QueryErrors.parseFilter(
                spec, context.collation(), context.scope(), context::newVariables)));
  }

  /** One match needing both this one's filter and {@code next}'s. */
  MatchStage and(MatchStage next) {
    List<BsonValue> clauses = new ArrayList<>();
    for (MatchStage stage : List.of(this, next)) {
      if (stage.specification.isEmpty()) {
        continue;
      }
      if (stage.specification.size() == 1
          && stage.specification.get("$and") instanceof BsonArray all) {
        clauses.addAll(all);
      } else {
        clauses.add(stage.specification);
      }
    }
    BsonDocument merged =
        switch (clauses.size()) {
          case 0 -> new BsonDocument();
          case 1 -> clauses.getFirst().asDocument();
          default -> new BsonDocument("$and", new BsonArray(clauses));
        };
    List<Filter> both = new ArrayList<>(filters);
    both.addAll(next.filters);
    return new MatchStage(merged, both);
  }

  @Override
  public String name() {
    return "$match";
  }

  @Override
  public Iterator<BsonDocument> apply(Iterator<BsonDocument> input, PipelineContext context) {
    // Its $expr reads the variables of this run (a $lookup's sub-pipeline binds its let per
    // document), so it is compiled against the running context, in the same slots.
    List<Filter> bound = new ArrayList<>(filters.size());
    for (Filter filter : filters) {
      bound.add(CompiledExprEvaluator.install(filter, context.scope(), context::newVariables));
    }
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(input, 0), false)
        .filter(document -> matches(bound, document))
        .iterator();
  }

  private static boolean matches(List<Filter> filters, BsonDocument document) {
    for (Filter filter : filters) {
      if (!QueryErrors.matches(filter, document)) {
        return false;
      }
    }
    return true;
  }

  /** The paths the filter reads; {@code $expr}, {@code $where} and the like read everything. */
  @Override
  public void addDependencies(Dependencies dependencies) {
    addPaths(specification, dependencies);
  }

  private static void addPaths(BsonDocument filter, Dependencies dependencies) {
    for (var clause : filter.entrySet()) {
      String key = clause.getKey();
      if (!key.startsWith("$")) {
        dependencies.addPath(key);
      } else if ((key.equals("$and") || key.equals("$or") || key.equals("$nor"))
          && clause.getValue() instanceof BsonArray branches) {
        for (BsonValue branch : branches) {
          if (branch instanceof BsonDocument document) {
            addPaths(document, dependencies);
          }
        }
      } else if (!key.equals("$comment")) {
        dependencies.addWholeDocument();
      }
    }
  }

  @Override
  public Optional<Set<String>> matchMayMoveBeforeUnlessReading() {
    return Optional.of(Set.of());
  }

  @Override
  public BsonDocument explain() {
    return new BsonDocument(name(), specification);
  }
}
