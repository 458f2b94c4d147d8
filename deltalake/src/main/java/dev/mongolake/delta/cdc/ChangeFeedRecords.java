package dev.mongolake.delta.cdc;

import dev.mongolake.delta.order.BsonComparisonOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Turns a Delta change data feed into {@link CDCRecord}s: an insert becomes a create, an update's
 * pre- and post-image (paired by {@code _id} within their commit) one update with before and after,
 * a delete a delete with the old document as before. The commit version is the record's {@code seq}
 * (records of one commit share it, in feed order) and the commit timestamp its {@code tsNanos}.
 */
public final class ChangeFeedRecords {
  private ChangeFeedRecords() {}

  /**
   * The records of {@code rows} (as {@code DocumentTable.changes} returns them), in order.
   *
   * @throws IllegalArgumentException if a row's document has no {@code _id}, or an update
   *     post-image has no pre-image in its commit
   */
  public static List<CDCRecord> of(List<ChangeRow> rows, String source) {
    List<CDCRecord> records = new ArrayList<>();
    TreeMap<BsonValue, BsonDocument> preimages = new TreeMap<>(BsonComparisonOrder.INSTANCE);
    long commit = -1;
    for (ChangeRow row : rows) {
      if (row.commitVersion() != commit) {
        preimages.clear();
        commit = row.commitVersion();
      }
      BsonDocument document = row.document();
      BsonValue id = document.get("_id");
      if (id == null) {
        throw new IllegalArgumentException(
            "Cannot make a change record of version " + commit + ": document has no _id");
      }
      long nanos = nanos(row.commitTimestamp());
      switch (row.changeType()) {
        case INSERT ->
            records.add(
                new CDCRecord(id, commit, CDCRecord.Op.CREATE, null, document, nanos, source));
        case DELETE ->
            records.add(
                new CDCRecord(id, commit, CDCRecord.Op.DELETE, document, null, nanos, source));
        case UPDATE_PREIMAGE -> preimages.put(id, document);
        case UPDATE_POSTIMAGE -> {
          BsonDocument before = preimages.remove(id);
          if (before == null) {
            throw new IllegalArgumentException(
                "Cannot make a change record of version "
                    + commit
                    + ": update of _id "
                    + id
                    + " has no pre-image");
          }
          records.add(
              new CDCRecord(id, commit, CDCRecord.Op.UPDATE, before, document, nanos, source));
        }
      }
    }
    return records;
  }

  private static long nanos(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
  }
}
