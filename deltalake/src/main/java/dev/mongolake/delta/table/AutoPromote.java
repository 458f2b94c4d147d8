package dev.mongolake.delta.table;

/**
 * Automatic column promotion ({@code autoPromote: {threshold: 0.9}}): when a commit writes new
 * files, each top-level field that holds a value of one consistent promotable type (string, int,
 * long, double, bool, date) in at least {@code threshold} of the documents written becomes a
 * promoted column, and the table's schema change is committed with the data. Documents whose value
 * does not fit stay correct: the Variant column holds every document whole.
 *
 * @param enabled whether fields are promoted automatically
 * @param threshold the share of the written documents, in (0, 1], that must hold the field with one
 *     type
 */
public record AutoPromote(boolean enabled, double threshold) {
  /** No automatic promotion. */
  public static final AutoPromote OFF = new AutoPromote(false, 1.0);

  public AutoPromote {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException(
          "Cannot configure autoPromote: threshold must be in (0, 1], got " + threshold);
    }
  }

  /** Promotion at {@code threshold}. */
  public static AutoPromote atThreshold(double threshold) {
    return new AutoPromote(true, threshold);
  }
}
