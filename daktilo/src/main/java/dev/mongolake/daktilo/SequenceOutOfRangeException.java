package dev.mongolake.daktilo;

/**
 * A sequence is not readable: either it was compacted away ({@link CompactedSequenceException}) or
 * it is not written (acknowledged) yet ({@link UnwrittenSequenceException}). Carries the readable
 * bounds at the time of the call.
 */
public abstract sealed class SequenceOutOfRangeException extends DaktiloException
    permits CompactedSequenceException, UnwrittenSequenceException {
  private static final long serialVersionUID = 1L;

  private final long sequence;
  private final long firstSequence;
  private final long lastSequence;

  SequenceOutOfRangeException(
      String message, long sequence, long firstSequence, long lastSequence) {
    super(message);
    this.sequence = sequence;
    this.firstSequence = firstSequence;
    this.lastSequence = lastSequence;
  }

  /** The sequence that was asked for. */
  public long sequence() {
    return sequence;
  }

  /** {@link Daktilo#firstSequence()} when the call failed. */
  public long firstSequence() {
    return firstSequence;
  }

  /** The last acknowledged sequence when the call failed (0 when nothing was written). */
  public long lastSequence() {
    return lastSequence;
  }
}
