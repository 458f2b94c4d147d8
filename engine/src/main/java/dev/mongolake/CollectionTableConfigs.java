package dev.mongolake;

import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How the tables of new collections store documents: promoted columns (native typed Parquet columns
 * beside the Variant, for other engines and for pruning), automatic promotion, change data feed,
 * file and row-group sizes, deletion vectors. One config for every collection, with per-collection
 * overrides by full name ({@code "app.users"}). A table keeps the config it was created with.
 *
 * <p>The lake's default ({@link #lakeDefaults()}) promotes automatically at {@link
 * #DEFAULT_AUTO_PROMOTE}: the first flush of a collection turns each consistently typed top-level
 * field into a typed Parquet column that DuckDB and Spark filter on directly. {@link #plain()}
 * keeps every field only in the Variant column.
 *
 * <p>The {@code _id} encoding of these configs is not used: the engine chooses each table's from
 * the {@code _id}s of the flush that creates it. When they all share a type with a readable column
 * (ObjectId as its 24-character lower-case hex string, string, int32, int64), the table gets that
 * typed {@code _id} column ({@link IdEncoding#OBJECT_ID}, {@link IdEncoding#STRING}, {@link
 * IdEncoding#INT32}, {@link IdEncoding#INT64}); otherwise {@link IdEncoding#KEY}, which stores any
 * value as an opaque order-preserving binary key. A collection accepts any {@code _id} type, and a
 * Delta column has one type, so when a later flush holds an {@code _id} the table's column cannot
 * store (by BSON type: an Int64 or a Double in an INT32 table too), the engine first rewrites the
 * whole table with KEY {@code _id}s in one commit, once. A table without data files (created by a
 * flush with no documents, or emptied) takes the encoding of the next {@code _id}s it gets, in a
 * commit that rewrites nothing.
 *
 * @param defaults the config of collections without an override
 * @param byNamespace overrides by full collection name
 */
public record CollectionTableConfigs(
    DocumentTableConfig defaults, Map<String, DocumentTableConfig> byNamespace) {

  public CollectionTableConfigs {
    Objects.requireNonNull(defaults, "defaults");
    byNamespace = Map.copyOf(byNamespace);
    byNamespace.keySet().forEach(Namespace::parse);
  }

  /**
   * The share of a flush's documents in which a top-level field must hold one type to become a
   * column, by default: 0.9 (measured in BENCHMARKS.md, "DuckDB over the default layout").
   */
  public static final AutoPromote DEFAULT_AUTO_PROMOTE = AutoPromote.atThreshold(0.9);

  /**
   * The lake's default: automatic promotion at {@link #DEFAULT_AUTO_PROMOTE} and deletion vectors
   * (replaced and deleted documents of flushed files are marked, not rewritten: an update writes
   * about its own size instead of its file's), everything else as {@link
   * DocumentTableConfig#defaults()}.
   */
  public static CollectionTableConfigs lakeDefaults() {
    return new CollectionTableConfigs(
        DocumentTableConfig.defaults()
            .withAutoPromote(DEFAULT_AUTO_PROMOTE)
            .withDeletionVectors(true),
        Map.of());
  }

  /** Plain tables: every field only in the Variant column, no automatic promotion. */
  public static CollectionTableConfigs plain() {
    return new CollectionTableConfigs(DocumentTableConfig.defaults(), Map.of());
  }

  /** The same configs with {@code config} for every collection without an override. */
  public CollectionTableConfigs withDefaults(DocumentTableConfig config) {
    return new CollectionTableConfigs(config, byNamespace);
  }

  /**
   * The same configs with {@code config} for the collection {@code namespace} ({@code db.coll}).
   */
  public CollectionTableConfigs with(String namespace, DocumentTableConfig config) {
    Map<String, DocumentTableConfig> copy = new HashMap<>(byNamespace);
    copy.put(namespace, config);
    return new CollectionTableConfigs(defaults, copy);
  }

  /**
   * The same configs with deletion vectors on (or off) for every collection, overrides included:
   * replacements and deletes of flushed documents then mark rows in Delta deletion vectors instead
   * of rewriting data files (see {@link DocumentTableConfig#deletionVectors()}). On in {@link
   * #lakeDefaults()}; readers that ignore vectors, such as DuckDB's {@code read_parquet} over a
   * table's files, see the replaced and deleted rows too (DuckDB's {@code delta_scan} applies
   * them).
   */
  public CollectionTableConfigs withDeletionVectors(boolean value) {
    Map<String, DocumentTableConfig> copy = new HashMap<>();
    byNamespace.forEach(
        (namespace, config) -> copy.put(namespace, config.withDeletionVectors(value)));
    return new CollectionTableConfigs(defaults.withDeletionVectors(value), copy);
  }

  /**
   * The config for a new table of {@code namespace}, with {@link IdEncoding#KEY} until the engine
   * chooses the encoding from the table's first {@code _id}s.
   */
  public DocumentTableConfig forCollection(Namespace namespace) {
    return byNamespace.getOrDefault(namespace.fullName(), defaults).withIdEncoding(IdEncoding.KEY);
  }
}
