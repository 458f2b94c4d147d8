package dev.mongolake.daktilo;

import java.nio.file.Path;

/**
 * Bytes on disk are damaged in a place where daktilo must not guess: a segment or checkpoint
 * header, a frame inside a sealed segment, a damaged frame in the active segment that is followed
 * by valid records, or a gap in the segment or sequence chain. Daktilo never drops data silently in
 * these cases; it refuses to open (or to read) and reports where the damage is.
 *
 * <p>{@link #expectedCrc()} and {@link #actualCrc()} are the stored and the computed CRC32C when
 * the damage is a checksum mismatch, and {@code -1} otherwise.
 */
public final class CorruptionException extends DaktiloException {
  private static final long serialVersionUID = 1L;

  private final transient Path segment;
  private final long offset;
  private final long expectedCrc;
  private final long actualCrc;
  private final String reason;

  public CorruptionException(
      Path segment, long offset, String reason, long expectedCrc, long actualCrc) {
    super(message(segment, offset, reason, expectedCrc, actualCrc));
    this.segment = segment;
    this.offset = offset;
    this.reason = reason;
    this.expectedCrc = expectedCrc;
    this.actualCrc = actualCrc;
  }

  public CorruptionException(Path segment, long offset, String reason) {
    this(segment, offset, reason, -1, -1);
  }

  private static String message(
      Path segment, long offset, String reason, long expectedCrc, long actualCrc) {
    String crc =
        expectedCrc < 0
            ? ""
            : String.format(" (stored CRC32C 0x%08x, computed 0x%08x)", expectedCrc, actualCrc);
    return "Cannot use " + segment + " at offset " + offset + ": " + reason + crc;
  }

  /** The damaged file (a segment or the checkpoint file). */
  public Path segment() {
    return segment;
  }

  /** Byte offset of the damage inside {@link #segment()}. */
  public long offset() {
    return offset;
  }

  /** What is wrong, without the location. */
  public String reason() {
    return reason;
  }

  /** The CRC32C stored on disk, or -1 when the damage is not a checksum mismatch. */
  public long expectedCrc() {
    return expectedCrc;
  }

  /** The CRC32C computed from the bytes on disk, or -1 when not a checksum mismatch. */
  public long actualCrc() {
    return actualCrc;
  }
}
