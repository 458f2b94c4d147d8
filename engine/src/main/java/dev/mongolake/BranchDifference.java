package dev.mongolake;

import java.util.List;
import org.bson.BsonValue;

/**
 * How one collection differs between a branch and its parent since the branch's base (its fork, or
 * its last merge): the documents each side added, changed and removed, and the {@code _id}s both
 * changed differently (a merge's conflicts).
 *
 * @param collection the collection's name (the same on both sides)
 * @param onBranch what the branch changed since the base
 * @param onParent what the parent changed since the base
 * @param conflicts the {@code _id}s both sides changed to different results, sorted (at most {@link
 *     Changes#LISTED} of them; {@code conflictCount} counts all)
 * @param conflictCount how many {@code _id}s conflict
 */
public record BranchDifference(
    String collection,
    Changes onBranch,
    Changes onParent,
    List<BsonValue> conflicts,
    long conflictCount) {

  public BranchDifference {
    conflicts = List.copyOf(conflicts);
  }

  /**
   * One side's changes since the base, counted.
   *
   * @param ids the first {@link #LISTED} changed {@code _id}s in {@code _id} order
   */
  public record Changes(long added, long changed, long removed, List<BsonValue> ids) {

    /** How many {@code _id}s a difference lists per side and of conflicts. */
    public static final int LISTED = 100;

    public Changes {
      ids = List.copyOf(ids);
    }

    /** Whether the side changed nothing. */
    public boolean none() {
      return added == 0 && changed == 0 && removed == 0;
    }
  }
}
