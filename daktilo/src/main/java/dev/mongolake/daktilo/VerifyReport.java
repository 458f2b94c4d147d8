package dev.mongolake.daktilo;

import java.nio.file.Path;
import java.util.List;

/**
 * Result of {@link LogVerifier#verify(Path)}.
 *
 * @param directory the log directory
 * @param segments how many segment files were checked
 * @param records how many valid records were found
 * @param damages every problem found, in file order; empty when the log is sound
 */
public record VerifyReport(Path directory, int segments, long records, List<Damage> damages) {

  public VerifyReport {
    damages = List.copyOf(damages);
  }

  /** True when no damage was found. */
  public boolean ok() {
    return damages.isEmpty();
  }

  /**
   * One problem.
   *
   * @param file the damaged file (segment or checkpoint; the directory for a missing log)
   * @param offset byte offset of the damage inside {@code file}
   * @param reason what is wrong, including the stored and computed CRC for checksum mismatches and
   *     what opening the log would do about it
   */
  public record Damage(Path file, long offset, String reason) {
    @Override
    public String toString() {
      return file + " @ " + offset + ": " + reason;
    }
  }
}
