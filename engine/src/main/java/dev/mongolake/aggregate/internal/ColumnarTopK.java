package dev.mongolake.aggregate.internal;

import dev.mongolake.aggregate.ColumnarSource;
import dev.mongolake.delta.parquet.ColumnBatch;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.table.ColumnFile;
import dev.mongolake.internal.read.SortOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The first {@code keep} documents matching a filter in a sort order, chosen from column batches:
 * each data file keeps its best rows' sort keys and {@code _id}s in a bounded heap on a worker per
 * core, the heaps merge, and only the winners' documents are decoded, by {@code _id}, from the
 * files that hold them. Ties keep scan order (file order, then the buffer), as the row path's
 * stable selection does, so both return the same documents.
 *
 * <p>Runs when the filter compiles over columns ({@link ColumnRowFilter}); every sorted and
 * filtered path comes from an exact promoted column or the documents' Variant bytes, and a row
 * where a path crosses an array, like the buffer's documents, goes by its document.
 */
public final class ColumnarTopK {
  /** The most documents a selection keeps by columns: its heaps hold keys, not documents. */
  public static final long MAX_KEEP = 10_000;

  private static final long BUFFER_SEQUENCE = Long.MAX_VALUE / 2;

  /** A candidate: its sort keys, scan position, {@code _id}, and document once known. */
  private record Entry(BsonValue[] keys, long sequence, BsonValue id, BsonDocument document) {}

  private final SortOrder order;
  private final Filter filter;
  private final long keep;
  private final List<String> columns;
  private final int[] keyColumns;
  private final Comparator<Entry> ranking;

  private ColumnarTopK(
      SortOrder order, Filter filter, long keep, List<String> columns, int[] keyColumns) {
    this.order = order;
    this.filter = filter;
    this.keep = keep;
    this.columns = columns;
    this.keyColumns = keyColumns;
    this.ranking =
        ((Comparator<Entry>) (a, b) -> order.compareKeys(a.keys(), b.keys()))
            .thenComparingLong(Entry::sequence);
  }

  /**
   * The columnar selection of the first {@code keep} documents matching {@code filter} (null: all)
   * in {@code order}, or empty when it cannot run by columns.
   */
  public static Optional<ColumnarTopK> plan(SortOrder order, Filter filter, long keep) {
    if (order.isEmpty() || keep <= 0 || keep > MAX_KEEP) {
      return Optional.empty();
    }
    Set<String> paths = new LinkedHashSet<>();
    for (String path : order.paths()) {
      if (path.startsWith("_id.")) {
        return Optional.empty();
      }
      if (!path.equals("_id")) {
        paths.add(path);
      }
    }
    if (filter != null) {
      paths.addAll(ColumnRowFilter.columnsOf(filter.root()));
    }
    List<String> columns = List.copyOf(paths);
    if (filter != null && ColumnRowFilter.compile(filter.root(), columns).isEmpty()) {
      return Optional.empty();
    }
    int[] keyColumns = order.paths().stream().mapToInt(columns::indexOf).toArray();
    return Optional.of(new ColumnarTopK(order, filter, keep, columns, keyColumns));
  }

  /** The promoted columns the selection reads (never {@code _id}, always read). */
  public List<String> columns() {
    return columns;
  }

  /** The selected documents, in order. */
  public List<BsonDocument> run(ColumnarSource source) {
    List<ColumnFile> files = source.files();
    List<Entry> candidates = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      positions.add(i);
    }
    ColumnarWorkers.inOrder(
        positions,
        position -> bestOf(position, files.get(position), source),
        best -> {
          candidates.addAll(best);
          return true;
        });
    long sequence = BUFFER_SEQUENCE;
    for (Iterator<BsonDocument> buffered = source.buffered(); buffered.hasNext(); ) {
      BsonDocument document = buffered.next();
      if (filter == null || filter.matches(document)) {
        candidates.add(
            new Entry(order.keysOf(document), sequence++, document.get("_id"), document));
      }
    }
    candidates.sort(ranking);
    List<Entry> winners = candidates.subList(0, (int) Math.min(keep, candidates.size()));
    Map<BsonValue, BsonDocument> fetched = fetch(winners, files);
    List<BsonDocument> out = new ArrayList<>(winners.size());
    for (Entry winner : winners) {
      out.add(winner.document() != null ? winner.document() : fetched.get(winner.id()));
    }
    return out;
  }

  /** The documents of the winners read from columns, from the files that hold them. */
  private static Map<BsonValue, BsonDocument> fetch(List<Entry> winners, List<ColumnFile> files) {
    Map<Integer, Set<BsonValue>> byFile = new HashMap<>();
    for (Entry winner : winners) {
      if (winner.document() == null) {
        int file = (int) (winner.sequence() >>> 40);
        byFile.computeIfAbsent(file, f -> new HashSet<>()).add(winner.id());
      }
    }
    Map<BsonValue, BsonDocument> out = new HashMap<>();
    byFile.forEach(
        (file, ids) -> {
          for (BsonDocument document : files.get(file).documents(ids)) {
            out.put(document.get("_id"), document);
          }
        });
    for (Entry winner : winners) {
      if (winner.document() == null && !out.containsKey(winner.id())) {
        throw new IllegalStateException(
            "Cannot read the document of _id " + winner.id() + " chosen from its columns");
      }
    }
    return out;
  }

  /** One file's best {@code keep} rows; sequences are the file's position, then the row's. */
  private List<Entry> bestOf(int position, ColumnFile file, ColumnarSource source) {
    PriorityQueue<Entry> best =
        new PriorityQueue<>((int) Math.min(keep, 1 << 16) + 1, ranking.reversed());
    ColumnRowFilter rows =
        filter == null ? null : ColumnRowFilter.compile(filter.root(), columns).orElseThrow();
    boolean checkReplaced = source.replacesAny();
    long[] sequence = {(long) position << 40};
    ColumnFile.Read read =
        file.read(
            batch -> {
              for (int row = 0; row < batch.size(); row++) {
                long at = sequence[0]++;
                BsonValue id = batch.ids()[row];
                if (checkReplaced && source.replaced(id)) {
                  continue;
                }
                BsonDocument document = batch.document(row);
                if (document != null) {
                  // A path crosses an array here: the row's document answers as the row path.
                  if (filter == null || filter.matches(document)) {
                    offer(best, new Entry(order.keysOf(document), at, id, document));
                  }
                } else if (rows == null || rows.matches(batch, row)) {
                  offer(best, new Entry(keysOf(batch, row), at, id, null));
                }
              }
            },
            true);
    source.fileRead(read);
    return new ArrayList<>(best);
  }

  private void offer(PriorityQueue<Entry> best, Entry entry) {
    if (best.size() < keep) {
      best.add(entry);
    } else if (ranking.compare(entry, best.peek()) < 0) {
      best.poll();
      best.add(entry);
    }
  }

  /** A row's sort keys: its value at each sorted path is the path's only value. */
  private BsonValue[] keysOf(ColumnBatch batch, int row) {
    BsonValue[] keys = new BsonValue[keyColumns.length];
    for (int i = 0; i < keys.length; i++) {
      BsonValue value = keyColumns[i] == -1 ? batch.ids()[row] : batch.value(keyColumns[i], row);
      keys[i] = order.keyOf(i, value);
    }
    return keys;
  }
}
