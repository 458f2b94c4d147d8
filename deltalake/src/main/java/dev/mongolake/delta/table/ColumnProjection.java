package dev.mongolake.delta.table;

import dev.mongolake.delta.parquet.DocumentFileLayout;
import dev.mongolake.delta.parquet.DocumentRow;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The small documents a columnar scan returns: {@code _id} then the values at a fixed list of
 * dotted paths, nested as in the stored document. The same document comes out whether it is built
 * from exact promoted columns or projected from the whole stored document, so a caller that reads
 * only those paths cannot tell how a file was read.
 *
 * <p>A path that crosses an array (only possible where the column is not exact) keeps that whole
 * array, so that field paths through arrays and query paths resolve as on the stored document.
 * Intermediate documents appear only above a value that is kept.
 *
 * <p>The paths must not be {@code _id} or inside it. Immutable.
 */
public final class ColumnProjection {
  private final List<String> paths;
  // Each path split once: a scan projects every row.
  private final String[][] segments;

  public ColumnProjection(List<String> paths) {
    this.paths = List.copyOf(paths);
    this.segments = this.paths.stream().map(path -> path.split("\\.")).toArray(String[][]::new);
  }

  /** The dotted paths kept, in the order their fields are added. */
  public List<String> paths() {
    return paths;
  }

  /** The row as this projection's document, from its columns when the file skipped the document. */
  public BsonDocument of(DocumentRow row) {
    return row.document() != null ? project(row.document()) : fromColumns(row.id(), row.promoted());
  }

  /** The projection of a whole stored document. */
  public BsonDocument project(BsonDocument document) {
    BsonDocument out = new BsonDocument();
    BsonValue id = document.get(DocumentFileLayout.ID_COLUMN);
    if (id != null) {
      out.put(DocumentFileLayout.ID_COLUMN, id);
    }
    for (String[] path : segments) {
      copy(document, out, path, true);
    }
    return out;
  }

  /** The projection built from exact columns, nested by path as {@link DocumentRow#promoted()}. */
  BsonDocument fromColumns(BsonValue id, BsonDocument promoted) {
    BsonDocument out = new BsonDocument(DocumentFileLayout.ID_COLUMN, id);
    for (String[] path : segments) {
      copy(promoted, out, path, false);
    }
    return out;
  }

  private static void copy(
      BsonDocument source, BsonDocument target, String[] segments, boolean keepArrays) {
    BsonDocument from = source;
    for (int i = 0; i < segments.length; i++) {
      BsonValue value = from.get(segments[i]);
      if (value == null) {
        return;
      }
      if (i == segments.length - 1 || (keepArrays && value.isArray())) {
        put(target, segments, i, value);
        return;
      }
      if (!value.isDocument()) {
        // A scalar above the leaf: the path is missing.
        return;
      }
      from = value.asDocument();
    }
  }

  /** Puts {@code value} at {@code segments[0..depth]} of {@code target}, creating the parents. */
  private static void put(BsonDocument target, String[] segments, int depth, BsonValue value) {
    BsonDocument parent = target;
    for (int i = 0; i < depth; i++) {
      BsonValue child = parent.get(segments[i]);
      if (child == null) {
        child = new BsonDocument();
        parent.put(segments[i], child);
      } else if (!child.isDocument()) {
        // Already holds the array this path crosses.
        return;
      }
      parent = child.asDocument();
    }
    if (!parent.containsKey(segments[depth])) {
      parent.put(segments[depth], value);
    }
  }
}
