package dev.mongolake.delta.cdc;

import java.time.Instant;
import java.util.Objects;
import org.bson.BsonDocument;

/**
 * One row of a table's change data feed, as Delta defines it: the document, what happened to it,
 * and the commit that did it.
 *
 * @param changeType {@code _change_type}
 * @param document the document (the old version for a delete or an update preimage)
 * @param commitVersion {@code _commit_version}
 * @param commitTimestamp {@code _commit_timestamp}
 */
public record ChangeRow(
    ChangeType changeType, BsonDocument document, long commitVersion, Instant commitTimestamp) {
  public ChangeRow {
    Objects.requireNonNull(changeType, "changeType");
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(commitTimestamp, "commitTimestamp");
  }
}
