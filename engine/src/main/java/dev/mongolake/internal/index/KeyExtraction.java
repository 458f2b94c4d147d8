package dev.mongolake.internal.index;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.read.QueryErrors;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonUndefined;
import org.bson.BsonValue;

/**
 * The keys a document contributes to an index, with MongoDB's index key semantics: a missing field
 * is {@code null}; an array contributes one key per element (an empty array contributes {@code
 * undefined}); at most one field of a compound key may be an array; sparse indexes skip documents
 * lacking every indexed field; partial indexes skip documents not matching their filter.
 *
 * <p>Immutable and thread-safe.
 */
final class KeyExtraction {

  private final IndexSpec spec;
  private final List<String> fields;
  private final List<String[]> paths;
  private final Filter partial;
  private final BsonComparisonOrder order;

  KeyExtraction(IndexSpec spec) {
    this.spec = spec;
    this.fields = spec.fields();
    this.paths = fields.stream().map(field -> field.split("\\.")).toList();
    this.order = spec.collation().order();
    // A partial filter compares strings by the index's collation, as MongoDB's does.
    this.partial =
        spec.partialFilter() == null
            ? null
            : QueryErrors.parseFilter(spec.partialFilter(), spec.collation());
  }

  /**
   * The distinct keys of {@code document}; empty when the index leaves it out.
   *
   * @throws MongoLakeException CannotIndexParallelArrays when two indexed fields hold arrays
   */
  Set<IndexKey> keys(BsonDocument document) {
    return keys(document, new boolean[1]);
  }

  /**
   * {@link #keys(BsonDocument)}, setting {@code crossesArray[0]} when an indexed path of the
   * document meets an array (what makes an index multikey).
   */
  Set<IndexKey> keys(BsonDocument document, boolean[] crossesArray) {
    if (partial != null && !QueryErrors.matches(partial, document)) {
      return Set.of();
    }
    List<List<BsonValue>> perField = new ArrayList<>(fields.size());
    String arrayField = null;
    boolean anyPresent = false;
    for (int f = 0; f < fields.size(); f++) {
      String field = fields.get(f);
      List<BsonValue> values = new ArrayList<>();
      boolean[] array = new boolean[1];
      collect(document, paths.get(f), 0, values, array);
      if (!values.isEmpty()) {
        anyPresent = true;
      } else {
        values.add(BsonNull.VALUE);
      }
      if (array[0]) {
        crossesArray[0] = true;
        if (arrayField != null) {
          throw new MongoLakeException(
              ErrorCode.CANNOT_INDEX_PARALLEL_ARRAYS,
              "cannot index parallel arrays [" + field + "] [" + arrayField + "]");
        }
        arrayField = field;
      }
      perField.add(values);
    }
    if (spec.sparse() && !anyPresent) {
      return Set.of();
    }
    Set<IndexKey> keys = new LinkedHashSet<>();
    product(perField, 0, new ArrayList<>(), keys);
    return keys;
  }

  private void product(
      List<List<BsonValue>> perField, int i, List<BsonValue> prefix, Set<IndexKey> out) {
    if (i == perField.size()) {
      // Under a collation the index holds each string's collation key, so that keys compare,
      // and unique keys collide, as the collation says; queries look them up by the same keys.
      out.add(new IndexKey(prefix.stream().map(order::comparisonKey).toList()));
      return;
    }
    for (BsonValue value : perField.get(i)) {
      prefix.add(value);
      product(perField, i + 1, prefix, out);
      prefix.removeLast();
    }
  }

  /** Adds the values at {@code path[i..]} under {@code value}, expanding arrays on the way. */
  private static void collect(
      BsonValue value, String[] path, int i, List<BsonValue> out, boolean[] array) {
    if (i == path.length) {
      if (value instanceof BsonArray elements) {
        array[0] = true;
        if (elements.isEmpty()) {
          out.add(new BsonUndefined());
        }
        out.addAll(elements.getValues());
      } else {
        out.add(value);
      }
      return;
    }
    if (value instanceof BsonDocument document) {
      BsonValue child = document.get(path[i]);
      if (child != null) {
        collect(child, path, i + 1, out, array);
      }
    } else if (value instanceof BsonArray elements) {
      array[0] = true;
      for (BsonValue element : elements) {
        if (element instanceof BsonDocument) {
          collect(element, path, i, out, array);
        }
      }
    }
  }
}
