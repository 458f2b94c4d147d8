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
 * @param autoPromote automatic promotion of consistently typed fields to columns ({@link
 *     AutoPromote#OFF}: none); {@code null}: the lake's default, {@link
 *     CollectionTableConfigs#DEFAULT_AUTO_PROMOTE}
 * @param changeDataFeed whether commits record Delta's change data feed
 */
public record TableLayoutDefaults(
    boolean deletionVectors, AutoPromote autoPromote, boolean changeDataFeed) {

  /**
   * The lake's defaults: deletion vectors, automatic promotion at the lake's default threshold, no
   * change data feed.
   */
  public static final TableLayoutDefaults DEFAULTS = new TableLayoutDefaults(true, null, false);

  /** The same defaults with or without deletion vectors. */
  public TableLayoutDefaults withDeletionVectors(boolean value) {
    return new TableLayoutDefaults(value, autoPromote, changeDataFeed);
  }

  /**
   * {@code configs} with these defaults for new collections (those left unset stay as they are).
   */
  public CollectionTableConfigs applyTo(CollectionTableConfigs configs) {
    DocumentTableConfig defaults = configs.defaults();
    if (autoPromote != null) {
      defaults = defaults.withAutoPromote(autoPromote);
    }
    if (changeDataFeed) {
      defaults = defaults.withChangeDataFeed(true);
    }
    CollectionTableConfigs applied = configs.withDefaults(defaults);
    return applied.withDeletionVectors(deletionVectors);
  }
}
