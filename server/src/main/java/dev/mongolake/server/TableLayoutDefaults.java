package dev.mongolake.server;

import dev.mongolake.CollectionTableConfigs;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTableConfig;

/**
 * How the tables of new collections lay out their files, where the command line or config file sets
 * it; a collection's {@code mongolake} option at {@code create} overrides each.
 *
 * @param deletionVectors whether replaced and deleted rows are marked in Delta deletion vectors
 *     instead of rewriting data files (see {@code
 *     dev.mongolake.CollectionTableConfigs#withDeletionVectors})
 * @param autoPromoteThreshold automatic promotion of consistently typed fields to columns at this
 *     share of the documents written, in (0, 1]; {@code null}: off
 * @param changeDataFeed whether commits record Delta's change data feed
 */
public record TableLayoutDefaults(
    boolean deletionVectors, Double autoPromoteThreshold, boolean changeDataFeed) {

  /** The lake's defaults: no deletion vectors, no automatic promotion, no change data feed. */
  public static final TableLayoutDefaults DEFAULTS = new TableLayoutDefaults(false, null, false);

  public TableLayoutDefaults {
    if (autoPromoteThreshold != null && !(autoPromoteThreshold > 0 && autoPromoteThreshold <= 1)) {
      throw new IllegalArgumentException(
          "Cannot promote columns automatically at "
              + autoPromoteThreshold
              + ": the threshold must be in (0, 1]");
    }
  }

  /** The same defaults with or without deletion vectors. */
  public TableLayoutDefaults withDeletionVectors(boolean value) {
    return new TableLayoutDefaults(value, autoPromoteThreshold, changeDataFeed);
  }

  /**
   * {@code configs} with these defaults for new collections (those left unset stay as they are).
   */
  public CollectionTableConfigs applyTo(CollectionTableConfigs configs) {
    DocumentTableConfig defaults = configs.defaults();
    if (autoPromoteThreshold != null) {
      defaults = defaults.withAutoPromote(AutoPromote.atThreshold(autoPromoteThreshold));
    }
    if (changeDataFeed) {
      defaults = defaults.withChangeDataFeed(true);
    }
    CollectionTableConfigs applied = configs.withDefaults(defaults);
    return deletionVectors ? applied.withDeletionVectors(true) : applied;
  }
}
