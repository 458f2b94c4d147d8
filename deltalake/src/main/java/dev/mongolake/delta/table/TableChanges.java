package dev.mongolake.delta.table;

import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * A batch of document changes to commit to a table in one Delta version.
 *
 * @param inserts documents whose {@code _id} the table does not hold (a blind append)
 * @param replacements new versions of documents the table may hold (copy-on-write: the files that
 *     hold the old versions are rewritten)
 * @param deletes {@code _id}s to remove
 */
public record TableChanges(
    List<BsonDocument> inserts, List<BsonDocument> replacements, List<BsonValue> deletes) {

  public TableChanges {
    inserts = List.copyOf(inserts);
    replacements = List.copyOf(replacements);
    deletes = List.copyOf(deletes);
  }

  public boolean isEmpty() {
    return inserts.isEmpty() && replacements.isEmpty() && deletes.isEmpty();
  }

  /** Whether existing files must be read and rewritten. */
  boolean rewritesFiles() {
    return !replacements.isEmpty() || !deletes.isEmpty();
  }
}
