package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The options of a collection that are MongoLake's own, not MongoDB's: one namespaced object,
 * {@code mongolake: {...}}, beside MongoDB's options at {@code create}, merged key by key by {@code
 * collMod} and shown by {@code listCollections}: {@code vacuumRetentionHours}, how long the
 * collection's table keeps the files later versions replaced (and so how far back its history
 * reaches), instead of the lake's retention; and the table's layout (promoted columns, automatic
 * promotion, change data feed, target file size, partition columns: see {@link
 * TableLayoutOptions}). Any other key is refused by name.
 */
final class LakeCollectionOptions {

  /** The option's name in {@code create}, {@code collMod} and the stored options. */
  static final String OPTION = "mongolake";

  static final String VACUUM_RETENTION_HOURS = "vacuumRetentionHours";

  private static final Set<String> KEYS = keys();

  private static Set<String> keys() {
    Set<String> keys = new java.util.TreeSet<>(TableLayoutOptions.KEYS);
    keys.add(VACUUM_RETENTION_HOURS);
    return java.util.Collections.unmodifiableSet(keys);
  }

  private LakeCollectionOptions() {}

  /**
   * {@code value} checked as the {@code mongolake} option of {@code command} ("create" or
   * "collMod").
   *
   * @throws MongoLakeException TypeMismatch for a value that is not an object or a number where one
   *     is expected, InvalidOptions for an unknown key or a negative retention
   */
  static BsonDocument check(String command, Namespace namespace, BsonValue value) {
    if (!value.isDocument()) {
      throw new MongoLakeException(
          ErrorCode.TYPE_MISMATCH,
          "BSON field '" + command + "." + OPTION + "' is the wrong type, expected type 'object'");
    }
    BsonDocument options = value.asDocument();
    for (String key : options.keySet()) {
      if (!KEYS.contains(key) && !TableLayoutOptions.KEYS.contains(key)) {
        throw new MongoLakeException(
            ErrorCode.INVALID_OPTIONS,
            "Cannot "
                + (command.equals("create") ? "create" : "modify")
                + " collection "
                + namespace
                + ": unknown MongoLake option '"
                + key
                + "'; supported: "
                + KEYS);
      }
    }
    BsonValue hours = options.get(VACUUM_RETENTION_HOURS);
    if (hours != null && (!hours.isNumber() || hours.asNumber().doubleValue() < 0)) {
      throw new MongoLakeException(
          hours.isNumber() ? ErrorCode.INVALID_OPTIONS : ErrorCode.TYPE_MISMATCH,
          "Cannot set "
              + OPTION
              + "."
              + VACUUM_RETENTION_HOURS
              + " of "
              + namespace
              + " to "
              + hours
              + ": it must be a number of hours, 0 or more");
    }
    TableLayoutOptions.check(command, namespace, options);
    return options.clone();
  }

  /**
   * The {@code mongolake} option after {@code collMod} gave {@code changes} (checked): key by key,
   * a collMod naming one option leaves the others as they are; promoted columns are added to those
   * the collection has (see {@link TableLayoutOptions#mergedColumns}).
   *
   * @param table the layout of the collection's table, or null before it has one
   */
  static BsonDocument merge(
      Namespace namespace,
      BsonDocument collectionOptions,
      BsonDocument changes,
      dev.mongolake.delta.table.DocumentTableConfig table) {
    BsonDocument stored =
        collectionOptions.isDocument(OPTION)
            ? collectionOptions.getDocument(OPTION).clone()
            : new BsonDocument();
    BsonDocument merged = stored.clone();
    merged.putAll(changes);
    if (changes.containsKey(TableLayoutOptions.PROMOTED_COLUMNS)) {
      merged.put(
          TableLayoutOptions.PROMOTED_COLUMNS,
          TableLayoutOptions.mergedColumns(namespace, stored, changes, table));
    }
    return merged;
  }

  /** The vacuum retention a collection's stored options give it, if any. */
  static Optional<Duration> vacuumRetention(BsonDocument collectionOptions) {
    BsonValue lake = collectionOptions.get(OPTION);
    if (lake == null || !lake.isDocument()) {
      return Optional.empty();
    }
    BsonValue hours = lake.asDocument().get(VACUUM_RETENTION_HOURS);
    if (hours == null || !hours.isNumber()) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofMillis(Math.round(hours.asNumber().doubleValue() * 3_600_000)));
  }
}
