package dev.mongolake.daktilo;

/** The sequence is below the compaction point: its segment was deleted by {@code compact()}. */
public final class CompactedSequenceException extends SequenceOutOfRangeException {
  private static final long serialVersionUID = 1L;

  public CompactedSequenceException(long sequence, long firstSequence, long lastSequence) {
    super(
        "Cannot read sequence "
            + sequence
            + ": it was compacted away (the log now starts at sequence "
            + firstSequence
            + ")",
        sequence,
        firstSequence,
        lastSequence);
  }
}
