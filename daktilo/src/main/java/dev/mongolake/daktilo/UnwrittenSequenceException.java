package dev.mongolake.daktilo;

/** The sequence is above the last acknowledged sequence: it is not written yet. */
public final class UnwrittenSequenceException extends SequenceOutOfRangeException {
  private static final long serialVersionUID = 1L;

  public UnwrittenSequenceException(long sequence, long firstSequence, long lastSequence) {
    super(
        "Cannot read sequence "
            + sequence
            + ": it is not written yet (the last sequence is "
            + lastSequence
            + ")",
        sequence,
        firstSequence,
        lastSequence);
  }
}
