package dev.mongolake.server.command.diagnostic;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.Pipeline;
import dev.mongolake.delta.table.DocumentTable;
import dev.mongolake.server.command.CommandArguments;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * Explainers of the read commands: {@code find}, {@code count}, {@code distinct} and {@code
 * aggregate}. Each reads the collection scan with the command's filter; none returns documents.
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
    Explanation.Execution execution = null;
    if (executed != null) {
      BsonDocument stage = plan.clone();
      stage.putAll(executed);
      stage.append("nReturned", new BsonInt64(returned)).append("docsExamined", new BsonInt64(0));
      target
          .lake()
          .collection(target.namespace())
          .table()
          .map(DocumentTable::snapshot)
          .ifPresent(
              snapshot ->
                  stage.append(
                      "tableScan",
                      new BsonDocument("filesTotal", new BsonInt64(snapshot.files().size()))
                          .append("filesOpened", new BsonInt64(snapshot.filesCountedByReading()))));
      execution =
          new Explanation.Execution(
              returned, new CollectionScan(0, 0, target.clock().millis() - start), stage);
    }
    return new Explanation(new BsonDocument(), plan, execution, extra);
  }

  /** {@code find}: the scan, then sort, skip, limit and projection, in the engine's order. */
  static final class Find implements Explainer {
    @Override
    public String commandName() {
      return "find";
    }

    @Override
    public Explanation explain(ScanTarget target, BsonDocument command, boolean execute) {
      CommandArguments args = new CommandArguments(commandName(), command);
      BsonDocument filter = args.document("filter", new BsonDocument());
      BsonDocument sort = args.document("sort", new BsonDocument());
      BsonDocument projection = args.document("projection", null);
      long skip = args.nonNegativeInt("skip", 0);
      long limit = Math.min(Integer.MAX_VALUE, Math.abs(args.number("limit", 0)));
      Optional<List<String>> columns =
          target.exists()
              ? target
                  .lake()
                  .collection(target.namespace())
                  .find(filter)
                  .sort(sort)
                  .skip((int) skip)
                  .limit((int) limit)
                  .let(args.document("let", null))
                  .columnarColumns()
              : Optional.empty();
      Explanation.Execution execution = null;
      if (execute) {
        // Without a sort the engine stops reading once skip + limit documents matched.
        long stop = sort.isEmpty() && limit > 0 ? skip + limit : CollectionScan.UNBOUNDED;
        CollectionScan scan = target.run(filter, stop);
        execution =
            new Explanation.Execution(
                window(scan.matched(), skip, limit),
                scan,
                ColumnScanStage.mark(
                    plan(target, filter, sort, skip, limit, projection, scan), columns));
      }
      return new Explanation(
          filter,
          ColumnScanStage.mark(plan(target, filter, sort, skip, limit, projection, null), columns),
          execution,
          new BsonDocument());
    }

    static BsonDocument plan(
        ScanTarget target,
        BsonDocument filter,
        BsonDocument sort,
        long skip,
        long limit,
        BsonDocument projection,
        CollectionScan scan) {
      BsonDocument plan = target.leafStage(filter, sort, scan);
      Long matched = scan == null ? null : scan.matched();
      if (!sort.isEmpty()) {
        plan = stage("SORT", new BsonDocument("sortPattern", sort), plan, matched);
      }
      if (skip > 0) {
        Long left = scan == null ? null : window(scan.matched(), skip, 0);
        plan = stage("SKIP", new BsonDocument("skipAmount", new BsonInt64(skip)), plan, left);
      }
      Long returned = scan == null ? null : window(scan.matched(), skip, limit);
      if (limit > 0) {
        plan =
            stage("LIMIT", new BsonDocument("limitAmount", new BsonInt64(limit)), plan, returned);
      }
      if (projection != null && !projection.isEmpty()) {
        plan =
            stage(
                "PROJECTION_DEFAULT", new BsonDocument("transformBy", projection), plan, returned);
      }
      return plan;
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
          long counted =
              target.lake().collection(target.namespace()).count(filter, (int) skip, (int) limit);
          executed = fields.clone().append("nCounted", new BsonInt64(counted));
        }
        return fastCount(target, fields, executed, 0, start, new BsonDocument());
      }
      Optional<List<String>> columns =
          target.exists() && skip == 0 && limit == 0
              ? target.lake().collection(target.namespace()).countColumns(filter)
              : Optional.empty();
      Explanation.Execution execution = null;
      if (execute) {
        CollectionScan scan =
            target.run(filter, limit > 0 ? skip + limit : CollectionScan.UNBOUNDED);
        BsonDocument counted =
            fields.clone().append("nCounted", new BsonInt64(window(scan.matched(), skip, limit)));
        execution =
            new Explanation.Execution(
                0,
                scan,
                ColumnScanStage.mark(
                    stage("COUNT", counted, target.leafStage(filter, scan), 0L), columns));
      }
      return new Explanation(
          filter,
          ColumnScanStage.mark(
              stage("COUNT", fields, target.leafStage(filter, null), null), columns),
          execution,
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
      Explanation.Execution execution = null;
      if (execute) {
        CollectionScan scan = target.run(filter, CollectionScan.UNBOUNDED);
        execution = new Explanation.Execution(scan.matched(), scan, target.leafStage(filter, scan));
      }
      return new Explanation(filter, target.leafStage(filter, null), execution, new BsonDocument());
    }
  }

  /**
   * {@code aggregate}: the pipeline's leading {@code $match}, {@code $sort}, {@code $skip} and
   * {@code $limit} run as the equivalent find ({@link Pipeline#findPrefix}), so the plan is that
   * find's ({@code IXSCAN} under {@code FETCH} when an index serves the filter), followed by the
   * remaining {@code stages}. A pipeline counting the whole collection (the driver's {@code
   * countDocuments({})}) is answered from the table's statistics: {@code RECORD_STORE_FAST_COUNT},
   * which opens only the data files lacking a record count.
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
      long start = target.clock().millis();
      long returned = 0;
      // Opening the pipeline parses it, so an invalid stage fails here as the command would.
      try (MongoLakeCursor<BsonDocument> results =
          target
              .lake()
              .collection(target.namespace())
              .aggregate(pipeline, args.document("let", null))) {
        while (execute && results.hasNext()) {
          results.next();
          returned++;
        }
      }
      Pipeline parsed =
          target
              .lake()
              .collection(target.namespace())
              .parsePipeline(pipeline, args.document("let", null));
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
          target.exists()
              ? target
                  .lake()
                  .collection(target.namespace())
                  .columnarColumns(pipeline, args.document("let", null))
              : Optional.empty();
      Explanation.Execution execution = null;
      if (execute) {
        CollectionScan scan = target.run(filter, CollectionScan.UNBOUNDED);
        // The time covers the pipeline's run and the replayed scan.
        CollectionScan timed =
            new CollectionScan(scan.examined(), scan.matched(), target.clock().millis() - start);
        execution =
            new Explanation.Execution(
                returned,
                timed,
                ColumnScanStage.mark(
                    Find.plan(
                        target, filter, prefix.sort(), prefix.skip(), prefix.limit(), null, timed),
                    columns));
      }
      return new Explanation(
          filter,
          ColumnScanStage.mark(
              Find.plan(target, filter, prefix.sort(), prefix.skip(), prefix.limit(), null, null),
              columns),
          execution,
          extra);
    }
  }
}
