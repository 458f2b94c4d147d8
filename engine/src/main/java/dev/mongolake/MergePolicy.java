package dev.mongolake;

import java.util.Locale;

/**
 * What a merge of a branch into its parent does with a document both changed to different results
 * since the branch's base. The names are git's, seen from the parent the merge writes into: {@code
 * ours} is the parent's version, {@code theirs} the branch's.
 */
public enum MergePolicy {
  /** Merge nothing when any document conflicts, and name the conflicts. */
  FAIL,
  /** The parent's version of a conflicting document stays. */
  OURS,
  /** The branch's version of a conflicting document replaces the parent's. */
  THEIRS;

  /**
   * The policy named {@code name} ({@code fail}, {@code ours}, {@code theirs}).
   *
   * @throws MongoLakeException BadValue for any other name
   */
  public static MergePolicy named(String name) {
    for (MergePolicy policy : values()) {
      if (policy.name().toLowerCase(Locale.ROOT).equals(name)) {
        return policy;
      }
    }
    throw new MongoLakeException(
        ErrorCode.BAD_VALUE,
        "Cannot merge with policy '" + name + "': the policies are fail, ours and theirs");
  }

  /** The name {@link #named} reads. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
