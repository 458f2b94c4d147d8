package dev.mongolake.internal.read;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/** Sorting with each document's sort keys computed once, and top-k selection in a bounded heap. */
final class SortedSelection {

  private record Entry(BsonValue[] keys, long sequence, BsonDocument document) {}

  private SortedSelection() {}

  static List<BsonDocument> select(SortOrder order, Iterator<BsonDocument> input, long keep) {
    Comparator<Entry> ranking =
        ((Comparator<Entry>) (a, b) -> order.compareKeys(a.keys(), b.keys()))
            .thenComparingLong(Entry::sequence);
    List<Entry> entries;
    long sequence = 0;
    if (keep > 0 && keep < Integer.MAX_VALUE) {
      // The head is the worst of the best so far.
      PriorityQueue<Entry> best =
          new PriorityQueue<>((int) Math.min(keep, 1 << 16) + 1, ranking.reversed());
      while (input.hasNext()) {
        BsonDocument document = input.next();
        Entry entry = new Entry(order.keysOf(document), sequence++, document);
        if (best.size() < keep) {
          best.add(entry);
        } else if (ranking.compare(entry, best.peek()) < 0) {
          best.poll();
          best.add(entry);
        }
      }
      entries = new ArrayList<>(best);
    } else {
      entries = new ArrayList<>();
      while (input.hasNext()) {
        BsonDocument document = input.next();
        entries.add(new Entry(order.keysOf(document), sequence++, document));
      }
    }
    entries.sort(ranking);
    List<BsonDocument> out = new ArrayList<>(entries.size());
    entries.forEach(entry -> out.add(entry.document()));
    return out;
  }
}
