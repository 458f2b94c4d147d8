package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeException;
import dev.mongolake.QueryExplanation;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.server.command.CommandArguments;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * Explainers of the read commands: {@code find}, {@code count}, {@code distinct} and {@code
 * aggregate}. Each asks the engine for the plan of the find the command runs ({@link
 * dev.mongolake.MongoLakeFindIterable#explain}), which is the planner's own (and, at {@code
 * executionStats}, that plan run to its end); none returns documents.
 */
final class QueryExplainers {

  private QueryExplainers() {}

  static List<Explainer> all() {
    return List.of(new Find(), new Count(), new Distinct(), new Aggregate());
  }

  /** Wraps {@code input} in a stage, with its {@code nReturned} when the plan ran. */
  static BsonDocument stage(String name, BsonDocument fields, BsonDocument input, Long returned) {
    BsonDocument stage = new BsonDocument("stage", new BsonString(name));
    stage.putAll(fields);
    if (returned != null) {
      stage.append("nReturned", new BsonInt64(returned));
    }
    return stage.append("inputStage", input);
  }

  /** Matches left after skipping {@code skip} and keeping at most {@code limit} (0: all). */
  static long window(long matched, long skip, long limit) {
    long afterSkip = Math.max(0, matched - skip);
    return limit == 0 ? afterSkip : Math.min(afterSkip, limit);
  }

  /** The plan of the find that reads {@code filter}'s matches, run when {@code execute}. */
  static QueryExplanation scan(
      ScanTarget target, BsonDocument filter, BsonDocument let, long stopAfter, boolean execute) {
    return target
        .collection()
        .find(filter)
        .let(let)
        .limit((int) Math.min(Integer.MAX_VALUE, stopAfter))
        .explain(execute)
        .withoutLimit();
  }

  /**
   * {@code RECORD_STORE_FAST_COUNT}: a whole-collection count answered from the table's {@code
   * numRecords} statistics and the buffer, which opens only the data files lacking a record count.
   *
   * @param fields the stage's fields at every verbosity
   * @param executed its fields once run, or {@code null} at {@code queryPlanner} verbosity
   * @param returned documents the command returned
   */
  static Explanation fastCount(
      ScanTarget target,
      BsonDocument fields,
      BsonDocument executed,
      long returned,
      long start,
      BsonDocument extra) {
    BsonDocument plan = new BsonDocument("stage", new BsonString("RECORD_STORE_FAST_COUNT"));
    plan.putAll(fields);
    BsonDocument stats = null;
    if (executed != null) {
      BsonDocument stage = plan.clone();
      stage.putAll(executed);
      stage.append("nReturned", new BsonInt64(returned)).append("docsExamined", new BsonInt64(0));
      target
          .collection()
          .table()
          .map(DocumentTable::snapshot)
          .ifPresent(
              snapshot ->
                  stage.append(
                      "tableScan",
                      new BsonDocument("filesTotal", new BsonInt64(snapshot.files().size()))
                          .append("filesOpened", new BsonInt64(snapshot.filesCountedByReading()))));
      stats =
          new BsonDocument("executionSuccess", BsonBoolean.TRUE)
              .append("nReturned", new BsonInt64(returned))
              .append("executionTimeMillis", new BsonInt64(target.clock().millis() - start))
              .append("totalKeysExamined", new BsonInt64(0))
              .append("totalDocsExamined", new BsonInt64(0))
              .append("executionStages", stage);
    }
    return new Explanation(new BsonDocument(), plan, stats, extra);
  }

  /** {@code find}: the find's own plan: its access path, then sort, skip, limit, projection. */
  static final class Find implements Explainer {
    @Override
    public String commandName() {
      return "find";
    }

    @Override
    public Explanation explain(ScanTarget target, BsonDocument command, boolean execute) {
      CommandArguments args = new CommandArguments(commandName(), command);
      BsonDocument filter = args.document("filter", new BsonDocument());
      long limit = Math.min(Integer.MAX_VALUE, Math.abs(args.number("limit", 0)));
      return Explanation.of(
          target
              .collection()
              .find(filter)
              .sort(args.document("sort", new BsonDocument()))
              .projection(args.document("projection", null))
              .skip(args.nonNegativeInt("skip", 0))
              .limit((int) limit)
              .let(args.document("let", null))
              .allowDiskUse(args.bool("allowDiskUse", true))
              .explain(execute));
    }
  }

  /** {@code count}: a {@code COUNT} stage over the scan; it returns no documents, only a count. */
  private static final class Count implements Explainer {
    @Override
    public String commandName() {
      return "count";
    }

    @Override
    public Explanation explain(ScanTarget target, BsonDocument command, boolean execute) {
      CommandArguments args = new CommandArguments(commandName(), command);
      BsonDocument filter = args.document("query", new BsonDocument());
      long skip = args.nonNegativeInt("skip", 0);
      long limit = Math.min(Integer.MAX_VALUE, Math.abs(args.number("limit", 0)));
      BsonDocument fields =
          new BsonDocument("limitAmount", new BsonInt64(limit))
              .append("skipAmount", new BsonInt64(skip));
      if (target.exists() && filter.isEmpty()) {
        // Counted from the table's statistics and the buffer, as the command counts it.
        long start = target.clock().millis();
        BsonDocument executed = null;
        if (execute) {
          long counted = target.collection().count(filter, (int) skip, (int) limit);
          executed = fields.clone().append("nCounted", new BsonInt64(counted));
        }
        return fastCount(target, fields, executed, 0, start, new BsonDocument());
      }
      Optional<List<String>> columns =
          target.exists() && skip == 0 && limit == 0
              ? target.collection().countColumns(filter)
              : Optional.empty();
      QueryExplanation scan =
          scan(target, filter, args.document("let", null), limit > 0 ? skip + limit : 0, execute);
      BsonDocument stats = null;
      if (execute) {
        long matched = scan.executionStats().getNumber("nReturned").longValue();
        BsonDocument counted =
            fields.clone().append("nCounted", new BsonInt64(window(matched, skip, limit)));
        BsonDocument stages =
            ColumnScanStage.mark(
                stage("COUNT", counted, scan.executionStats().getDocument("executionStages"), 0L),
                columns);
        stats = Explanation.executionStats(scan.executionStats(), stages, 0, -1);
      }
      return new Explanation(
          filter,
          ColumnScanStage.mark(stage("COUNT", fields, scan.winningPlan(), null), columns),
          stats,
          new BsonDocument());
    }
  }

  /** {@code distinct}: the scan alone; the command collects the key's values from its matches. */
  private static final class Distinct implements Explainer {
    @Override
    public String commandName() {
      return "distinct";
    }

    @Override
    public Explanation explain(ScanTarget target, BsonDocument command, boolean execute) {
      CommandArguments args = new CommandArguments(commandName(), command);
      if (!command.isString("key")) {
        throw new MongoLakeException(
            ErrorCode.TYPE_MISMATCH, "BSON field 'distinct.key' is missing or not a string");
      }
      BsonDocument filter = args.document("query", new BsonDocument());
      return Explanation.of(scan(target, filter, args.document("let", null), 0, execute));
    }
  }

  /**
   * {@code aggregate}: the pipeline's leading {@code $match}, {@code $sort}, {@code $skip} and
   * {@code $limit} run as the equivalent find ({@link Pipeline#findPrefix}), so the plan is that
   * find's ({@code IXSCAN} under {@code FETCH} when an index serves the filter), followed by the
   * remaining {@code stages}. A pipeline counting the whole collection (the driver's {@code
   * countDocuments({})}) is answered from the table's statistics: {@code RECORD_STORE_FAST_COUNT},
   * which opens only the data files lacking a record count. At {@code executionStats} the pipeline
   * runs (for what it returns) and the prefix's find runs its plan (for what it examined).
   */
  private static final class Aggregate implements Explainer {
    @Override
    public String commandName() {
      return "aggregate";
    }

    @Override
    public Explanation explain(ScanTarget target, BsonDocument command, boolean execute) {
      CommandArguments args = new CommandArguments(commandName(), command);
      List<BsonDocument> pipeline = args.documents("pipeline");
      if (execute
          && !pipeline.isEmpty()
          && (pipeline.getLast().containsKey("$out") || pipeline.getLast().containsKey("$merge"))) {
        // Executing the pipeline would write: explain never does.
        throw new MongoLakeException(
            ErrorCode.NOT_IMPLEMENTED,
            "Cannot explain "
                + pipeline.getLast().getFirstKey()
                + " with execution statistics: it would write; use the queryPlanner verbosity");
      }
      BsonDocument let = args.document("let", null);
      boolean allowDiskUse = args.bool("allowDiskUse", true);
      long start = target.clock().millis();
      long returned = 0;
      // Opening the pipeline parses it, so an invalid stage fails here as the command would.
      try (MongoLakeCursor<BsonDocument> results =
          target.collection().aggregate(pipeline, let, allowDiskUse)) {
        while (execute && results.hasNext()) {
          results.next();
          returned++;
        }
      }
      Pipeline parsed = target.collection().parsePipeline(pipeline, let);
      Pipeline.FindPrefix prefix = parsed.findPrefix();
      Pipeline rest = parsed.drop(prefix.stages());
      BsonDocument filter = prefix.filter();
      BsonDocument extra = new BsonDocument("stages", new BsonArray(List.copyOf(rest.explain())));
      if (target.exists() && filter.isEmpty() && rest.countGroup().isPresent()) {
        return fastCount(
            target,
            new BsonDocument(),
            execute ? new BsonDocument() : null,
            returned,
            start,
            extra);
      }
      Optional<List<String>> columns =
          target.exists() ? target.collection().columnarColumns(pipeline, let) : Optional.empty();
      QueryExplanation found =
          target
              .collection()
              .find(filter)
              .sort(prefix.sort())
              .skip(prefix.skip())
              .limit(prefix.limit())
              .let(let)
              .allowDiskUse(allowDiskUse)
              .explain(execute);
      BsonDocument stats = null;
      if (execute) {
        // The time covers the pipeline's run and its prefix's.
        stats =
            Explanation.executionStats(
                found.executionStats(),
                ColumnScanStage.mark(
                    found.executionStats().getDocument("executionStages"), columns),
                returned,
                target.clock().millis() - start);
      }
      return new Explanation(
          filter, ColumnScanStage.mark(found.winningPlan(), columns), stats, extra);
    }
  }
}
