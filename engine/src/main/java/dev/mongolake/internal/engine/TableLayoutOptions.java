package dev.mongolake.internal.engine;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.parquet.PromotedColumn;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTableConfig;
import dev.mongolake.delta.table.PartitionColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The {@code mongolake} options that say how a collection's Delta table lays out its files: {@code
 * promotedColumns} (typed Parquet columns beside the document, in {@link DocumentSchema}'s form),
 * {@code autoPromote} ({@code {threshold: t}} with {@code 0 < t <= 1}, or {@code false}), {@code
 * changeDataFeed} and {@code deletionVectors} (booleans) and {@code targetFileSizeBytes} (a whole
 * number, at least {@value #MIN_TARGET_FILE_SIZE}). Each one given replaces the lake's default when
 * the table is created; on a table that exists, promoted columns are only added, and the others
 * change from the next file written (see {@code DocumentTable#changeLayout}). {@code
 * partitionColumns} ({@code {region: "string"}}, in {@link PartitionColumns}' form: top-level
 * fields of type string, int, long, bool or date, at most {@value PartitionColumns#MAX_COLUMNS},
 * none also promoted) is given only at {@code create}: {@code collMod} refuses it by name, since
 * repartitioning would rewrite the table.
 */
final class TableLayoutOptions {

  static final String PROMOTED_COLUMNS = "promotedColumns";
  static final String AUTO_PROMOTE = "autoPromote";
  static final String CHANGE_DATA_FEED = "changeDataFeed";
  static final String DELETION_VECTORS = "deletionVectors";
  static final String TARGET_FILE_SIZE = "targetFileSizeBytes";
  static final String PARTITION_COLUMNS = "partitionColumns";

  /** The layout keys of the {@code mongolake} option. */
  static final Set<String> KEYS =
      Set.of(
          PROMOTED_COLUMNS,
          AUTO_PROMOTE,
          CHANGE_DATA_FEED,
          DELETION_VECTORS,
          TARGET_FILE_SIZE,
          PARTITION_COLUMNS);

  /** The smallest target file size a collection may ask for: one mebibyte. */
  static final long MIN_TARGET_FILE_SIZE = 1L << 20;

  private TableLayoutOptions() {}

  /**
   * Checks the layout keys of {@code options} (the {@code mongolake} option of {@code command}).
   *
   * @throws MongoLakeException TypeMismatch for a value of the wrong BSON type, InvalidOptions for
   *     a value out of range, a malformed promoted column or {@code partitionColumns}
   */
  static void check(String command, Namespace namespace, BsonDocument options) {
    BsonValue columns = options.get(PROMOTED_COLUMNS);
    if (columns != null) {
      schema(command, namespace, columns);
    }
    BsonValue partitions = options.get(PARTITION_COLUMNS);
    if (partitions != null) {
      partitionColumns(command, namespace, partitions, options.get(PROMOTED_COLUMNS));
    }
    BsonValue auto = options.get(AUTO_PROMOTE);
    if (auto != null) {
      autoPromote(command, namespace, auto);
    }
    BsonValue feed = options.get(CHANGE_DATA_FEED);
    if (feed != null && !feed.isBoolean()) {
      throw wrongType(command, CHANGE_DATA_FEED, "bool");
    }
    BsonValue vectors = options.get(DELETION_VECTORS);
    if (vectors != null && !vectors.isBoolean()) {
      throw wrongType(command, DELETION_VECTORS, "bool");
    }
    BsonValue size = options.get(TARGET_FILE_SIZE);
    if (size != null) {
      targetFileSize(command, namespace, size);
    }
  }

  /**
   * {@code stored}'s promoted columns with those of {@code changes} added (a column is never
   * removed or retyped by {@code collMod}), for the merged {@code mongolake} option.
   *
   * @throws MongoLakeException InvalidOptions for a column that would retype or overlap one the
   *     collection has, in its options or in its table's files ({@code table}, null without one)
   */
  static BsonDocument mergedColumns(
      Namespace namespace, BsonDocument stored, BsonDocument changes, DocumentTableConfig table) {
    DocumentSchema before =
        stored.isDocument(PROMOTED_COLUMNS)
            ? DocumentSchema.parse(stored.getDocument(PROMOTED_COLUMNS))
            : DocumentSchema.empty();
    DocumentSchema added = DocumentSchema.parse(changes.getDocument(PROMOTED_COLUMNS));
    DocumentSchema merged = union(namespace, before, added, "collMod");
    PartitionColumns partitions =
        stored.isDocument(PARTITION_COLUMNS)
            ? PartitionColumns.parse(stored.getDocument(PARTITION_COLUMNS))
            : PartitionColumns.none();
    refuseOverlap("collMod", namespace, partitions, added);
    if (table != null) {
      refuseOverlap("collMod", namespace, table.partitionColumns(), added);
      union(namespace, table.schema(), added, "collMod");
    }
    return merged.toConfig();
  }

  /** The config of a new table of a collection: {@code defaults} with its options applied. */
  static DocumentTableConfig forNewTable(
      DocumentTableConfig defaults, BsonDocument collectionOptions) {
    BsonDocument lake = lakeOptions(collectionOptions);
    DocumentTableConfig config = applyScalars(defaults, lake);
    if (lake.isDocument(PROMOTED_COLUMNS)) {
      config = config.withSchema(DocumentSchema.parse(lake.getDocument(PROMOTED_COLUMNS)));
    }
    if (lake.isDocument(PARTITION_COLUMNS)) {
      PartitionColumns partitions = PartitionColumns.parse(lake.getDocument(PARTITION_COLUMNS));
      // A lake-wide promoted column the collection partitions by is a partition column instead.
      config =
          config
              .withSchema(
                  new DocumentSchema(
                      config.schema().columns().stream()
                          .filter(column -> !partitions.overlaps(column))
                          .toList()))
              .withPartitionColumns(partitions);
    }
    return config;
  }

  /**
   * The layout a table whose files are laid out as {@code table} should have under the collection's
   * options: its columns with the options' columns it lacks added (one it holds with another type,
   * which automatic promotion may have added meanwhile, stays as it is), and the options' file
   * size, change data feed, deletion vectors and automatic promotion.
   */
  static DocumentTableConfig forExistingTable(
      DocumentTableConfig table, BsonDocument collectionOptions) {
    BsonDocument lake = lakeOptions(collectionOptions);
    DocumentTableConfig config = applyScalars(table, lake);
    if (lake.isDocument(PROMOTED_COLUMNS)) {
      List<PromotedColumn> columns = new ArrayList<>(table.schema().columns());
      for (PromotedColumn wanted :
          DocumentSchema.parse(lake.getDocument(PROMOTED_COLUMNS)).columns()) {
        if (columns.stream().noneMatch(c -> overlaps(c, wanted))
            && !table.partitionColumns().overlaps(wanted)) {
          columns.add(wanted);
        }
      }
      config = config.withSchema(new DocumentSchema(columns));
    }
    return config;
  }

  /** Whether the collection's options name any layout key. */
  static boolean givesLayout(BsonDocument lakeOptions) {
    return lakeOptions.keySet().stream().anyMatch(KEYS::contains);
  }

  private static DocumentTableConfig applyScalars(DocumentTableConfig config, BsonDocument lake) {
    if (lake.containsKey(AUTO_PROMOTE)) {
      BsonValue auto = lake.get(AUTO_PROMOTE);
      config =
          config.withAutoPromote(
              auto.isDocument()
                  ? AutoPromote.atThreshold(auto.asDocument().getNumber("threshold").doubleValue())
                  : AutoPromote.OFF);
    }
    if (lake.isBoolean(CHANGE_DATA_FEED)) {
      config = config.withChangeDataFeed(lake.getBoolean(CHANGE_DATA_FEED).getValue());
    }
    if (lake.isBoolean(DELETION_VECTORS)) {
      config = config.withDeletionVectors(lake.getBoolean(DELETION_VECTORS).getValue());
    }
    if (lake.isNumber(TARGET_FILE_SIZE)) {
      config = config.withTargetFileSizeBytes(lake.getNumber(TARGET_FILE_SIZE).longValue());
    }
    return config;
  }

  private static BsonDocument lakeOptions(BsonDocument collectionOptions) {
    return collectionOptions.isDocument(LakeCollectionOptions.OPTION)
        ? collectionOptions.getDocument(LakeCollectionOptions.OPTION)
        : new BsonDocument();
  }

  private static DocumentSchema union(
      Namespace namespace, DocumentSchema base, DocumentSchema added, String command) {
    List<PromotedColumn> columns = new ArrayList<>(base.columns());
    for (PromotedColumn column : added.columns()) {
      PromotedColumn held =
          base.columns().stream().filter(c -> overlaps(c, column)).findFirst().orElse(null);
      if (held == null) {
        columns.add(column);
      } else if (!held.equals(column)) {
        throw invalid(
            command,
            namespace,
            "promoted column '"
                + column.path()
                + "' "
                + (held.path().equals(column.path())
                    ? "is already promoted as " + describe(held)
                    : "overlaps the promoted column '" + held.path() + "'")
                + "; promoted columns can be added, not removed or retyped");
      }
    }
    return new DocumentSchema(columns);
  }

  private static boolean overlaps(PromotedColumn a, PromotedColumn b) {
    return a.path().equals(b.path())
        || a.path().startsWith(b.path() + ".")
        || b.path().startsWith(a.path() + ".");
  }

  private static String describe(PromotedColumn column) {
    String type = column.type().configName();
    return column.list() ? "[" + type + "]" : type;
  }

  private static void schema(String command, Namespace namespace, BsonValue columns) {
    if (!columns.isDocument()) {
      throw wrongType(command, PROMOTED_COLUMNS, "object");
    }
    try {
      DocumentSchema.parse(columns.asDocument());
    } catch (IllegalArgumentException e) {
      throw invalid(command, namespace, PROMOTED_COLUMNS + ": " + e.getMessage());
    }
  }

  private static void partitionColumns(
      String command, Namespace namespace, BsonValue partitions, BsonValue promoted) {
    if (!command.equals("create")) {
      throw invalid(
          command,
          namespace,
          "MongoLake option '"
              + PARTITION_COLUMNS
              + "' is set only when the collection is created: repartitioning would rewrite its"
              + " table");
    }
    if (partitions.isArray()) {
      throw invalid(
          command,
          namespace,
          PARTITION_COLUMNS
              + " must give each column's type, such as {region: \"string\"}, not an array");
    }
    if (!partitions.isDocument()) {
      throw wrongType(command, PARTITION_COLUMNS, "object");
    }
    PartitionColumns parsed;
    try {
      parsed = PartitionColumns.parse(partitions.asDocument());
    } catch (IllegalArgumentException e) {
      throw invalid(command, namespace, PARTITION_COLUMNS + ": " + e.getMessage());
    }
    if (parsed.isEmpty()) {
      throw invalid(command, namespace, PARTITION_COLUMNS + " must name at least one column");
    }
    if (promoted != null && promoted.isDocument()) {
      refuseOverlap(command, namespace, parsed, DocumentSchema.parse(promoted.asDocument()));
    }
  }

  private static void refuseOverlap(
      String command, Namespace namespace, PartitionColumns partitions, DocumentSchema promoted) {
    for (PromotedColumn column : promoted.columns()) {
      if (partitions.overlaps(column)) {
        throw invalid(
            command,
            namespace,
            "promoted column '"
                + column.path()
                + "' overlaps a partition column: a partition column's values are in the Delta"
                + " log, not in the data files");
      }
    }
  }

  private static void autoPromote(String command, Namespace namespace, BsonValue auto) {
    if (auto.isBoolean() && !auto.asBoolean().getValue()) {
      return;
    }
    if (auto.isBoolean()) {
      throw invalid(
          command,
          namespace,
          AUTO_PROMOTE
              + " must be {threshold: <number in (0, 1]>} or false, not true: give the share,"
              + " such as {threshold: 0.9}");
    }
    if (!auto.isDocument()) {
      throw wrongType(command, AUTO_PROMOTE, "object");
    }
    for (String key : auto.asDocument().keySet()) {
      if (!key.equals("threshold")) {
        throw invalid(
            command,
            namespace,
            "unknown " + AUTO_PROMOTE + " option '" + key + "'; supported: [threshold]");
      }
    }
    BsonValue threshold = auto.asDocument().get("threshold");
    if (threshold == null) {
      throw invalid(command, namespace, AUTO_PROMOTE + " needs a threshold");
    }
    if (!threshold.isNumber()) {
      throw wrongType(command, AUTO_PROMOTE + ".threshold", "double");
    }
    double value = threshold.asNumber().doubleValue();
    if (!(value > 0 && value <= 1)) {
      throw invalid(
          command,
          namespace,
          AUTO_PROMOTE + ".threshold must be in (0, 1], not " + threshold.asNumber().doubleValue());
    }
  }

  private static void targetFileSize(String command, Namespace namespace, BsonValue size) {
    if (!size.isNumber()) {
      throw wrongType(command, TARGET_FILE_SIZE, "long");
    }
    double bytes = size.asNumber().doubleValue();
    if (bytes != Math.rint(bytes) || bytes < MIN_TARGET_FILE_SIZE || bytes > Long.MAX_VALUE) {
      throw invalid(
          command,
          namespace,
          TARGET_FILE_SIZE
              + " must be a whole number of bytes, at least "
              + MIN_TARGET_FILE_SIZE
              + ", not "
              + size.asNumber().doubleValue());
    }
  }

  private static MongoLakeException invalid(String command, Namespace namespace, String reason) {
    return new MongoLakeException(
        ErrorCode.INVALID_OPTIONS,
        "Cannot "
            + (command.equals("create") ? "create" : "modify")
            + " collection "
            + namespace
            + ": "
            + reason);
  }

  private static MongoLakeException wrongType(String command, String key, String type) {
    return new MongoLakeException(
        ErrorCode.TYPE_MISMATCH,
        "BSON field '"
            + command
            + "."
            + LakeCollectionOptions.OPTION
            + "."
            + key
            + "' is the wrong type, expected type '"
            + type
            + "'");
  }
}
