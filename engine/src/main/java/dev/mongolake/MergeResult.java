package dev.mongolake;

import java.util.List;

/**
 * What a merge of a branch into its parent did: per collection, the documents it inserted, replaced
 * and deleted in the parent, and the conflicts the policy settled.
 *
 * @param collections one entry per collection the merge changed or found conflicts in
 */
public record MergeResult(List<Merged> collections) {

  public MergeResult {
    collections = List.copyOf(collections);
  }

  /**
   * One collection's merge.
   *
   * @param conflicts documents both sides changed, settled by the policy
   */
  public record Merged(
      String collection, long inserted, long replaced, long deleted, long conflicts) {}

  /** Documents changed in the parent, all collections together. */
  public long documentsChanged() {
    return collections.stream().mapToLong(m -> m.inserted() + m.replaced() + m.deleted()).sum();
  }
}
