package dev.mongolake.daktilo;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * One record of the log: its sequence and its payload bytes.
 *
 * <p>The payload is a fresh array owned by the receiver: daktilo keeps no reference to it, so the
 * caller may modify it. Equality compares the payload's content.
 */
public record LogEntry(long sequence, byte[] payload) {

  @Override
  public boolean equals(Object other) {
    return other instanceof LogEntry that
        && sequence == that.sequence
        && Arrays.equals(payload, that.payload);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(sequence) * 31 + Arrays.hashCode(payload);
  }

  @Override
  public String toString() {
    int shown = Math.min(payload.length, 32);
    return "LogEntry[sequence="
        + sequence
        + ", "
        + payload.length
        + " bytes: "
        + HexFormat.of().formatHex(payload, 0, shown)
        + (shown < payload.length ? "...]" : "]");
  }
}
