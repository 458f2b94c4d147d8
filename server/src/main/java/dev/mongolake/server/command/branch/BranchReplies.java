package dev.mongolake.server.command.branch;

import dev.mongolake.BranchDifference;
import dev.mongolake.BranchInfo;
import dev.mongolake.MergeResult;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Branches, their differences and merges as reply documents, shared by the branch commands and the
 * REST routes so that both answer alike.
 */
public final class BranchReplies {

  private BranchReplies() {}

  /**
   * {@code {name, database, parent, forkedAt, mergedAt, collections}}: {@code database} is the name
   * that reads and writes the branch.
   */
  public static BsonDocument branch(BranchInfo branch) {
    BsonArray collections = new BsonArray();
    branch.collections().forEach(name -> collections.add(new BsonString(name)));
    return new BsonDocument("name", new BsonString(branch.name()))
        .append("database", new BsonString(branch.database()))
        .append("parent", new BsonString(branch.parent()))
        .append("forkedAt", branch.forkedAt())
        .append("mergedAt", branch.mergedAt() == null ? BsonNull.VALUE : branch.mergedAt())
        .append("collections", collections);
  }

  /** {@code [{collection, onBranch, onParent, conflicts, nConflicts}]}. */
  public static BsonArray differences(List<BranchDifference> differences) {
    BsonArray out = new BsonArray();
    for (BranchDifference difference : differences) {
      out.add(
          new BsonDocument("collection", new BsonString(difference.collection()))
              .append("onBranch", changes(difference.onBranch()))
              .append("onParent", changes(difference.onParent()))
              .append("conflicts", new BsonArray(difference.conflicts()))
              .append("nConflicts", new BsonInt64(difference.conflictCount())));
    }
    return out;
  }

  private static BsonDocument changes(BranchDifference.Changes changes) {
    return new BsonDocument("nAdded", new BsonInt64(changes.added()))
        .append("nChanged", new BsonInt64(changes.changed()))
        .append("nRemoved", new BsonInt64(changes.removed()))
        .append("ids", new BsonArray(List.<BsonValue>copyOf(changes.ids())));
  }

  /** {@code [{collection, nInserted, nReplaced, nDeleted, nConflicts}]}. */
  public static BsonArray merged(MergeResult result) {
    BsonArray out = new BsonArray();
    for (MergeResult.Merged merged : result.collections()) {
      out.add(
          new BsonDocument("collection", new BsonString(merged.collection()))
              .append("nInserted", new BsonInt64(merged.inserted()))
              .append("nReplaced", new BsonInt64(merged.replaced()))
              .append("nDeleted", new BsonInt64(merged.deleted()))
              .append("nConflicts", new BsonInt64(merged.conflicts())));
    }
    return out;
  }
}
