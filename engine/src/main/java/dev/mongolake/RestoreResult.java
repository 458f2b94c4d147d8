package dev.mongolake;

/**
 * What a restore of a collection changed to make it what it was at the point restored: documents
 * inserted again, replaced by their earlier version, and deleted (not there at the point).
 */
public record RestoreResult(long inserted, long replaced, long deleted) {

  /** Whether the collection already was as it was at the point. */
  public boolean unchanged() {
    return inserted == 0 && replaced == 0 && deleted == 0;
  }
}
