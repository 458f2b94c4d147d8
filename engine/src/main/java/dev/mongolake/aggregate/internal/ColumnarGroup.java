package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.ColumnarSource;
import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.accumulator.GroupTable;
import dev.mongolake.aggregate.internal.expression.Expression;
import dev.mongolake.aggregate.internal.expression.FieldPathExpression;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.parquet.ColumnBatch;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.ColumnFile;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A {@code $group} (after the find prefix's filter) run over column batches: each data file is read
 * by columns on a worker thread into its own {@link GroupTable}, the tables merge in file order,
 * then the buffer's documents accumulate by rows. Since a merge keeps the order of first appearance
 * and each accumulator's input order ({@link GroupTable#merge}), the groups are those (and in the
 * order) a single pass over the documents gives: the same {@code _id}s, {@code $first}, {@code
 * $push}.
 *
 * <p>Runs when the group key and every accumulator's argument is a constant or a plain field path
 * and the filter compiles over columns ({@link ColumnRowFilter}); files whose columns are not exact
 * go through the same steps document by document. When the groups outgrow the stage's memory limit,
 * the run gives up and the caller runs the stage by rows, which spills (or fails) as MongoDB does.
 */
public final class ColumnarGroup {
  /** Where a value comes from: a batch column, the row's {@code _id}, or a constant. */
  private record Source(int column, BsonValue constant) {
    static final int ID = -1;
    static final int CONSTANT = -2;

    BsonValue of(ColumnBatch batch, int row) {
      return switch (column) {
        case CONSTANT -> constant;
        case ID -> batch.ids()[row];
        default -> batch.value(column, row);
      };
    }
  }

  private final GroupStage group;
  private final Filter filter;
  private final List<String> columns;
  private final Source key;
  private final Source[] inputs;
  // Whether rows need their _id even when the buffer replaces none.
  private final boolean readsIds;

  private ColumnarGroup(
      GroupStage group, Filter filter, List<String> columns, Source key, Source[] inputs) {
    this.group = group;
    this.filter = filter;
    this.columns = columns;
    this.key = key;
    this.inputs = inputs;
    boolean ids =
        key.column() == Source.ID || (filter != null && ColumnRowFilter.readsId(filter.root()));
    for (Source input : inputs) {
      ids |= input.column() == Source.ID;
    }
    this.readsIds = ids;
  }

  /**
   * The columnar run of {@code stage}, a {@code $group}, over the documents matching {@code filter}
   * (null: all), or empty when it cannot run by columns.
   */
  public static Optional<ColumnarGroup> plan(PipelineStage stage, Filter filter) {
    if (!(stage instanceof GroupStage group)) {
      return Optional.empty();
    }
    Set<String> paths = new LinkedHashSet<>();
    if (filter != null) {
      paths.addAll(ColumnRowFilter.columnsOf(filter.root()));
    }
    if (!readable(group.key(), paths)) {
      return Optional.empty();
    }
    for (AccumulatedField field : group.fields()) {
      if (!readable(field.accumulator().input(), paths)) {
        return Optional.empty();
      }
    }
    List<String> columns = List.copyOf(paths);
    if (filter != null && ColumnRowFilter.compile(filter.root(), columns).isEmpty()) {
      return Optional.empty();
    }
    Source[] inputs = new Source[group.fields().size()];
    for (int i = 0; i < inputs.length; i++) {
      inputs[i] = source(group.fields().get(i).accumulator().input(), columns);
    }
    return Optional.of(
        new ColumnarGroup(group, filter, columns, source(group.key(), columns), inputs));
  }

  /** Whether {@code expression} is a constant or a plain field path (added to {@code paths}). */
  private static boolean readable(Expression expression, Set<String> paths) {
    if (expression.isConstant()) {
      return true;
    }
    if (expression instanceof FieldPathExpression path
        && path.isFieldPath()
        && path.path().length > 0) {
      String dotted = path.dottedPath();
      if (dotted.equals("_id")) {
        return true;
      }
      if (dotted.startsWith("_id.")) {
        return false;
      }
      paths.add(dotted);
      return true;
    }
    return false;
  }

  private static Source source(Expression expression, List<String> columns) {
    if (expression.isConstant()) {
      return new Source(Source.CONSTANT, expression.evaluate(null));
    }
    String dotted = ((FieldPathExpression) expression).dottedPath();
    return new Source(dotted.equals("_id") ? Source.ID : columns.indexOf(dotted), null);
  }

  /** The promoted columns the run reads (never {@code _id}, always read). */
  public List<String> columns() {
    return columns;
  }

  /** The group's output documents, in order, or empty when the groups outgrew the memory limit. */
  public Optional<Iterator<BsonDocument>> run(ColumnarSource source, PipelineContext context) {
    long limit = context.memoryLimit().bytesPerStage();
    GroupTable groups = new GroupTable(group.fields());
    boolean complete =
        ColumnarWorkers.inOrder(
            source.files(),
            file -> readFile(file, source, context, limit),
            partial -> {
              if (partial == null) {
                return false;
              }
              groups.merge(partial);
              return groups.approximateBytes() <= limit;
            });
    if (!complete) {
      return Optional.empty();
    }
    Variables variables = context.newVariables();
    for (Iterator<BsonDocument> buffered = source.buffered(); buffered.hasNext(); ) {
      accumulateDocument(groups, buffered.next(), variables);
      if (groups.approximateBytes() > limit) {
        return Optional.empty();
      }
    }
    return Optional.of(groups.results().iterator());
  }

  /** One file's groups, or null when they outgrew {@code limit}. */
  private GroupTable readFile(
      ColumnFile file, ColumnarSource source, PipelineContext context, long limit) {
    GroupTable groups = new GroupTable(group.fields());
    Variables variables = context.newVariables();
    // Compiled per file: a condition remembers its last answer, and files run on several threads.
    ColumnRowFilter rows =
        filter == null ? null : ColumnRowFilter.compile(filter.root(), columns).orElseThrow();
    boolean checkReplaced = source.replacesAny();
    boolean ids = checkReplaced || readsIds;
    boolean[] over = {false};
    BsonValue[] values = new BsonValue[inputs.length];
    ColumnFile.Read read =
        file.read(
            batch -> {
              if (over[0]) {
                return;
              }
              for (int row = 0; row < batch.size(); row++) {
                if (checkReplaced && source.replaced(batch.ids()[row])) {
                  continue;
                }
                BsonDocument document = batch.document(row);
                if (document != null) {
                  // A path crosses an array here: the row's document answers as the row path.
                  accumulateDocument(groups, document, variables);
                  continue;
                }
                if (rows != null && !rows.matches(batch, row)) {
                  continue;
                }
                for (int i = 0; i < inputs.length; i++) {
                  values[i] = inputs[i].of(batch, row);
                }
                groups.add(key.of(batch, row), values, variables);
              }
              over[0] = groups.approximateBytes() > limit;
            },
            ids);
    source.fileRead(read);
    return over[0] ? null : groups;
  }

  private void accumulateDocument(GroupTable groups, BsonDocument document, Variables variables) {
    if (filter == null || filter.matches(document)) {
      variables.setDocument(document);
      groups.add(group.key().evaluate(variables), variables);
    }
  }
}
