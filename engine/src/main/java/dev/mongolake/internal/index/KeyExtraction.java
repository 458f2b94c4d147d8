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
 * undefined}); the fields of a compound key may meet arrays only where they share them (each
 * element then keys on its own), never two different arrays; sparse indexes skip documents lacking
 * every indexed field; partial indexes skip documents not matching their filter.
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
    int arrayFields = 0;
    boolean anyPresent = false;
    for (int f = 0; f < fields.size(); f++) {
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
        arrayFields++;
      }
      perField.add(values);
    }
    if (spec.sparse() && !anyPresent) {
      return Set.of();
    }
    Set<IndexKey> keys = new LinkedHashSet<>();
    if (arrayFields <= 1) {
      product(perField, 0, new ArrayList<>(), keys);
    } else {
      // Several indexed fields meet arrays: MongoDB allows it when they meet the same one (a
      // compound index on stock.color and stock.size over stock: [{color, size}, ...]) and then
      // keys each element on its own; different arrays are parallel arrays.
      List<Slot> slots = new ArrayList<>(fields.size());
      for (int f = 0; f < fields.size(); f++) {
        slots.add(Slot.at(f, document, 0));
      }
      sharedArrays(slots, keys);
    }
    return keys;
  }

  /**
   * Where one indexed field stands while keys are generated: still to walk from {@code base} at
   * {@code offset} into its path, or done with its {@code values} (empty for missing).
   */
  private record Slot(int field, BsonValue base, int offset, List<BsonValue> values) {
    static Slot at(int field, BsonValue base, int offset) {
      return new Slot(field, base, offset, null);
    }

    static Slot done(int field, List<BsonValue> values) {
      return new Slot(field, null, 0, values);
    }
  }

  /** The keys of {@code slots}, walking each open one to its value or to the array it meets. */
  private void sharedArrays(List<Slot> slots, Set<IndexKey> out) {
    List<Slot> walked = new ArrayList<>(slots.size());
    List<Slot> atArray = new ArrayList<>();
    String arrayPrefix = null;
    for (Slot slot : slots) {
      Slot next = slot.values() == null ? walk(slot) : slot;
      if (next.values() == null) {
        String prefix =
            String.join(".", List.of(paths.get(next.field())).subList(0, next.offset()));
        if (arrayPrefix == null) {
          arrayPrefix = prefix;
        } else if (!arrayPrefix.equals(prefix)) {
          throw new MongoLakeException(
              ErrorCode.CANNOT_INDEX_PARALLEL_ARRAYS,
              // MongoDB names the arrays by their own field names.
              "cannot index parallel arrays ["
                  + arrayName(next)
                  + "] ["
                  + arrayName(atArray.getFirst())
                  + "]");
        }
        atArray.add(next);
      }
      walked.add(next);
    }
    if (atArray.size() == 1) {
      // One field below this array: its values as a single-array key has them.
      Slot only = atArray.getFirst();
      List<BsonValue> values = new ArrayList<>();
      collect(only.base(), paths.get(only.field()), only.offset(), values, new boolean[1]);
      walked.set(walked.indexOf(only), Slot.done(only.field(), values));
      atArray.clear();
    }
    if (atArray.isEmpty()) {
      List<List<BsonValue>> perField = new ArrayList<>(walked.size());
      for (Slot slot : walked) {
        perField.add(slot.values().isEmpty() ? List.of(BsonNull.VALUE) : slot.values());
      }
      product(perField, 0, new ArrayList<>(), out);
      return;
    }
    BsonArray array = atArray.getFirst().base().asArray();
    List<BsonValue> elements = array.isEmpty() ? List.of() : array.getValues();
    if (elements.isEmpty()) {
      List<Slot> empty = new ArrayList<>(walked);
      for (Slot slot : atArray) {
        boolean leaf = slot.offset() == paths.get(slot.field()).length;
        empty.set(
            walked.indexOf(slot),
            Slot.done(slot.field(), leaf ? List.of(new BsonUndefined()) : List.of()));
      }
      sharedArrays(empty, out);
      return;
    }
    for (BsonValue element : elements) {
      List<Slot> perElement = new ArrayList<>(walked);
      for (Slot slot : atArray) {
        int index = walked.indexOf(slot);
        if (slot.offset() == paths.get(slot.field()).length) {
          perElement.set(index, Slot.done(slot.field(), List.of(element)));
        } else if (element instanceof BsonDocument) {
          perElement.set(index, Slot.at(slot.field(), element, slot.offset()));
        } else {
          perElement.set(index, Slot.done(slot.field(), List.of()));
        }
      }
      sharedArrays(perElement, out);
    }
  }

  private String arrayName(Slot atArray) {
    return paths.get(atArray.field())[atArray.offset() - 1];
  }

  /**
   * Walks an open slot down documents: done with its value (or missing), or open at the array it
   * meets ({@code base} the array, {@code offset} the path components above it).
   */
  private Slot walk(Slot slot) {
    String[] path = paths.get(slot.field());
    BsonValue value = slot.base();
    int i = slot.offset();
    while (true) {
      if (value instanceof BsonArray) {
        return Slot.at(slot.field(), value, i);
      }
      if (i == path.length) {
        return Slot.done(slot.field(), List.of(value));
      }
      if (!(value instanceof BsonDocument document) || document.get(path[i]) == null) {
        return Slot.done(slot.field(), List.of());
      }
      value = document.get(path[i]);
      i++;
    }
  }

  private void product(
      List<List<BsonValue>> perField, int i, List<BsonValue> prefix, Set<IndexKey> out) {
    if (i == perField.size()) {
      // Under a collation the index holds each string's collation key, so that keys compare,
      // and unique keys collide, as the collation says; queries look them up by the same keys.
      out.add(
          new IndexKey(
              order.isSimple() ? prefix : prefix.stream().map(order::comparisonKey).toList()));
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
