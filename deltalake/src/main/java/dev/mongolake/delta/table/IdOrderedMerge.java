package dev.mongolake.delta.table;

import dev.mongolake.delta.order.BsonComparisonOrder;
import dev.mongolake.delta.parquet.DocumentFileReader;
import dev.mongolake.delta.parquet.DocumentRow;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import org.bson.BsonDocument;

/**
 * The documents of several data files, each written sorted by {@code _id}, handed on in {@code _id}
 * order: what compaction writes, so that the merged file stays sorted and a point read's column
 * index still leaves one page (a concatenation would hold one sorted run per input, each spanning
 * the whole key range, and a lookup would read a page in each). Inputs that are not sorted (files
 * another writer made) still come out whole, only less ordered.
 *
 * <p>Every reader stays open until the merge ends, each holding the row group it reads: memory is
 * about the inputs' compressed size, which compaction bounds. Closes the readers it is given.
 */
final class IdOrderedMerge {

  private IdOrderedMerge() {}

  /** One input's next document. */
  private record Head(BsonDocument document, DocumentFileReader reader, int input) {}

  static void merge(List<DocumentFileReader> readers, Consumer<BsonDocument> sink) {
    PriorityQueue<Head> heads =
        new PriorityQueue<>(
            Math.max(1, readers.size()),
            (a, b) -> {
              int order =
                  BsonComparisonOrder.INSTANCE.compare(
                      a.document.get("_id"), b.document.get("_id"));
              return order != 0 ? order : Integer.compare(a.input, b.input);
            });
    RuntimeException failure = null;
    try {
      for (int i = 0; i < readers.size(); i++) {
        advance(readers.get(i), i, heads);
      }
      while (!heads.isEmpty()) {
        Head head = heads.poll();
        sink.accept(head.document);
        advance(head.reader, head.input, heads);
      }
    } catch (RuntimeException e) {
      failure = e;
      throw e;
    } finally {
      closeAll(readers, failure);
    }
  }

  private static void advance(DocumentFileReader reader, int input, PriorityQueue<Head> heads) {
    DocumentRow row = reader.next();
    if (row != null) {
      heads.add(new Head(row.document(), reader, input));
    }
  }

  private static void closeAll(List<DocumentFileReader> readers, RuntimeException failure) {
    List<RuntimeException> errors = new ArrayList<>();
    for (DocumentFileReader reader : readers) {
      try {
        reader.close();
      } catch (RuntimeException e) {
        errors.add(e);
      }
    }
    if (!errors.isEmpty()) {
      if (failure != null) {
        errors.forEach(failure::addSuppressed);
      } else {
        RuntimeException first = errors.getFirst();
        errors.subList(1, errors.size()).forEach(first::addSuppressed);
        throw first;
      }
    }
  }
}
