package dev.mongolake;

import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * A find's {@link FindPlan} as explain's stages, in MongoDB's names and order, outermost first:
 * {@code PROJECTION_DEFAULT}, {@code LIMIT}, {@code SKIP}, {@code SORT} (only when a sort stage
 * runs; an index that provides the order has none), then the leaf of the access path ({@code EOF},
 * {@code IDHACK}, {@code FETCH} over {@code IXSCAN}, {@code COLLSCAN}, or {@code COLUMN_SCAN} for a
 * sort with a limit chosen from column batches, with the promoted columns it read).
 */
final class FindStages {

  private FindStages() {}

  /** The find's own arguments that stages show. */
  record Arguments(
      BsonDocument filter, BsonDocument sort, int skip, int limit, BsonDocument projection) {}

  /**
   * The stages of {@code plan}; with each stage's counts when {@code counts} (of a run of it) is
   * not null.
   */
  static BsonDocument describe(FindPlan plan, Arguments args, FindCounts counts) {
    BsonDocument stage =
        plan.access()
            .stage(
                args.filter(),
                counts == null ? null : counts.examined,
                counts == null ? 0 : counts.matched);
    if (plan.byColumns().isPresent() && (counts == null || counts.byColumns)) {
      stage = columnScan(stage, plan);
    }
    if (plan.sorts() || plan.byColumns().isPresent()) {
      BsonDocument fields = new BsonDocument("sortPattern", args.sort());
      if (args.limit() > 0) {
        fields.append("limitAmount", new BsonInt64((long) args.skip() + args.limit()));
      }
      stage = wrap("SORT", fields, stage, counts == null ? null : counts.ordered);
    }
    Long returned = counts == null ? null : counts.returned;
    if (args.skip() > 0) {
      stage =
          wrap("SKIP", new BsonDocument("skipAmount", new BsonInt64(args.skip())), stage, returned);
    }
    if (args.limit() > 0) {
      stage =
          wrap(
              "LIMIT",
              new BsonDocument("limitAmount", new BsonInt64(args.limit())),
              stage,
              returned);
    }
    if (args.projection() != null && !args.projection().isEmpty()) {
      stage =
          wrap(
              "PROJECTION_DEFAULT",
              new BsonDocument("transformBy", args.projection()),
              stage,
              returned);
    }
    return stage;
  }

  /** explain's {@code executionStats} of a run. */
  static BsonDocument executionStats(FindCounts counts, long millis, BsonDocument stages) {
    return new BsonDocument("executionSuccess", BsonBoolean.TRUE)
        .append("nReturned", new BsonInt64(counts.returned))
        .append("executionTimeMillis", new BsonInt64(millis))
        .append("totalKeysExamined", new BsonInt64(counts.examined.keysExamined()))
        .append("totalDocsExamined", new BsonInt64(counts.examined.docsExamined()))
        .append("executionStages", stages);
  }

  /** The table scan's leaf as MongoDB's {@code COLUMN_SCAN}, naming the columns it reads. */
  private static BsonDocument columnScan(BsonDocument scan, FindPlan plan) {
    BsonDocument stage = new BsonDocument("stage", new BsonString("COLUMN_SCAN"));
    scan.forEach(
        (name, value) -> {
          if (!name.equals("stage")) {
            stage.append(name, value);
          }
        });
    BsonArray columns = new BsonArray();
    plan.byColumns().get().columns().forEach(column -> columns.add(new BsonString(column)));
    return stage.append("columns", columns);
  }

  private static BsonDocument wrap(
      String name, BsonDocument fields, BsonDocument input, Long returned) {
    BsonDocument stage = new BsonDocument("stage", new BsonString(name));
    stage.putAll(fields);
    if (returned != null) {
      stage.append("nReturned", new BsonInt64(returned));
    }
    return stage.append("inputStage", input);
  }
}
