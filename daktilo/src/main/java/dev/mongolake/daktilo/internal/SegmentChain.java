package dev.mongolake.daktilo.internal;

/** The rule that links segments into one sequence chain (shared by recovery and the verifier). */
public final class SegmentChain {
  private SegmentChain() {}

  /**
   * Why {@code header} does not continue the chain, or null when it does. The first segment may
   * start anywhere up to checkpoint + 1 (earlier segments were compacted); a later one starts right
   * after the previous segment's last sequence, or further on when it carries the sequence-gap
   * flag.
   */
  public static String problem(
      SegmentHeader header, boolean first, long previousLast, long checkpoint) {
    long start = header.firstSequence();
    if (first) {
      if (start > checkpoint + 1 && !header.sequenceGap()) {
        return "the log starts at sequence "
            + start
            + " but the checkpoint is "
            + checkpoint
            + ": earlier segments are missing";
      }
      return null;
    }
    if (start == previousLast + 1 || (header.sequenceGap() && start > previousLast + 1)) {
      return null;
    }
    return "first sequence "
        + start
        + " does not follow the previous segment's last sequence "
        + previousLast;
  }
}
