package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.AccumulatedField;
import dev.mongolake.aggregate.internal.accumulator.Accumulator;
import dev.mongolake.aggregate.internal.accumulator.GroupTable;
import dev.mongolake.aggregate.internal.expression.Variables;
import dev.mongolake.delta.order.BsonComparisonOrder;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * The groups of {@code $group} (and {@code $bucket}, {@code $sortByCount}) within the stage's
 * memory limit. Groups accumulate in a hash table ({@link GroupTable}) while its keys and
 * accumulator state stay under the limit; groups then come out in order of first appearance.
 *
 * <p>Past the limit, without {@code allowDiskUse} the stage fails with MongoDB's
 * QueryExceededMemoryLimitNoDiskUseAllowed. With it, the stage goes on by sorting, without ever
 * serializing accumulator state:
 *
 * <ol>
 *   <li>The table is <em>frozen</em> when it passes half the limit: its groups stay in memory as
 *       they are (they summarize every document before that point) and take no more input.
 *   <li>Every later document becomes a small row, {@code {k: <key>, v: {"0": <input of field 0>,
 *       ...}}} (a missing input is an absent field, so that missing and null stay apart), which
 *       goes through an {@link ExternalSort} by key with the other half of the limit. The sort is
 *       stable, so rows of one key keep their input order.
 *   <li>The output merges the frozen groups, sorted by key, with the sorted rows: the rows of a
 *       frozen key accumulate into its frozen state after the earlier documents (so {@code $first},
 *       {@code $last} and {@code $push} see MongoDB's order); the rows of any other key start a
 *       fresh group. One group at a time is finished and released.
 * </ol>
 *
 * Keys compare in MongoDB's order ({@link BsonComparisonOrder}, strings by the command's
 * collation), whose equality is the group equality: 1, 1.0 and NumberLong(1) sort together into one
 * group (the {@code _id} is the first value seen), while {@code {a: 1, b: 2}} and {@code {b: 2, a:
 * 1}} differ. A spilled stage's groups come out in key order (MongoDB leaves the order unspecified
 * too). Not thread-safe.
 */
final class SpillableGroupTable {

  // The command's collation: keys it finds equal are one group, in memory and spilled alike.
  private final Comparator<BsonValue> keys;
  private final Comparator<BsonDocument> byKey;

  private final String stage;
  private final GroupTable table;
  private final int fieldCount;
  private final PipelineContext context;
  private final MemoryLimit limit;
  private final Variables variables;
  private List<GroupTable.Group> frozen;
  private ExternalSort rows;

  /**
   * Groups accumulating {@code fields} under {@code context}'s memory limit.
   *
   * @param stage the stage's name for the error ({@code $group})
   * @param variables the variables the stage evaluates with (a new group's {@code n} reads them)
   */
  SpillableGroupTable(
      String stage, List<AccumulatedField> fields, PipelineContext context, Variables variables) {
    this.stage = stage;
    this.keys = context.order();
    this.byKey = Comparator.comparing(row -> row.get("k"), keys);
    this.table = new GroupTable(fields, context.order());
    this.fieldCount = fields.size();
    this.context = context;
    this.limit = context.memoryLimit();
    this.variables = variables;
  }

  /** Accumulates the current document of the variables into the group of {@code key}. */
  void add(BsonValue key, Variables current) {
    BsonValue groupKey = key == null ? BsonNull.VALUE : key;
    if (rows != null) {
      rows.add(row(groupKey, table.inputs(current)));
      return;
    }
    table.add(groupKey, current);
    long held = table.approximateBytes();
    if (!limit.allowDiskUse() && held > limit.bytesPerStage()) {
      throw new MongoLakeException(
          ErrorCode.QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED,
          "Exceeded memory limit for "
              + stage
              + ", but didn't allow external sort. Pass allowDiskUse:true to opt in.");
    }
    if (limit.allowDiskUse() && held > limit.bytesPerStage() / 2) {
      freeze();
    }
  }

  private void freeze() {
    frozen = table.groups();
    frozen.sort(Comparator.comparing(GroupTable.Group::key, keys));
    table.clear();
    rows =
        new ExternalSort(
            byKey,
            new MemoryLimit(Math.max(1, limit.bytesPerStage() / 2), true),
            context.spillFiles(),
            stage);
  }

  private static BsonDocument row(BsonValue key, BsonValue[] inputs) {
    BsonDocument values = new BsonDocument();
    for (int i = 0; i < inputs.length; i++) {
      if (inputs[i] != null) {
        values.put(Integer.toString(i), inputs[i]);
      }
    }
    return new BsonDocument("k", key).append("v", values);
  }

  /**
   * One document per group, {@code {_id, <field>...}}: in order of first appearance, or in key
   * order once they spilled.
   */
  Iterator<BsonDocument> results() {
    if (rows == null) {
      return table.results().iterator();
    }
    return new Merge(rows.sorted());
  }

  /** The frozen groups and the sorted rows, merged by key. */
  private final class Merge implements Iterator<BsonDocument> {
    private final Iterator<BsonDocument> sorted;
    private final BsonValue[] inputs = new BsonValue[fieldCount];
    private BsonDocument head;
    private int nextFrozen;

    Merge(Iterator<BsonDocument> sorted) {
      this.sorted = sorted;
      this.head = sorted.hasNext() ? sorted.next() : null;
    }

    @Override
    public boolean hasNext() {
      return head != null || nextFrozen < frozen.size();
    }

    @Override
    public BsonDocument next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      BsonValue id;
      Accumulator[] accumulators;
      GroupTable.Group group = nextFrozen < frozen.size() ? frozen.get(nextFrozen) : null;
      if (group != null && (head == null || keys.compare(group.key(), head.get("k")) <= 0)) {
        frozen.set(nextFrozen++, null);
        id = group.key();
        accumulators = group.accumulators();
      } else {
        id = head.get("k");
        accumulators = table.fresh(id, variables);
      }
      while (head != null && keys.compare(id, head.get("k")) == 0) {
        BsonDocument values = head.getDocument("v");
        for (int i = 0; i < inputs.length; i++) {
          inputs[i] = values.get(Integer.toString(i));
        }
        GroupTable.accumulate(accumulators, inputs);
        head = sorted.hasNext() ? sorted.next() : null;
      }
      return table.document(id, accumulators);
    }
  }
}
