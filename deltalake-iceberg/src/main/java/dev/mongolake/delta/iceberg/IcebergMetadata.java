package dev.mongolake.delta.iceberg;

import dev.mongolake.delta.CommitListener;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.DeltaTableOptions;
import dev.mongolake.delta.iceberg.internal.MirroringListener;
import java.util.Optional;

/**
 * Apache Iceberg metadata for the Parquet files of Delta tables, written beside the Delta log the
 * way Delta UniForm does, so that Iceberg readers load the table and see the same data files.
 *
 * <p>After Delta commits the {@link #listener()} writes, in the table's {@code metadata/} folder,
 * Iceberg format-v3 metadata through iceberg-core's own API: {@code v<N>.metadata.json} plus {@code
 * version-hint.text} (Iceberg's file-system table layout), Avro manifest lists and manifests,
 * per-file record counts, null counts and lower/upper bounds from the Delta statistics, and for
 * files with a Delta deletion vector an Iceberg v3 deletion vector (a Puffin blob) of the same
 * rows. It does so on a background thread, off the commit path ({@link IcebergMetadataListener}):
 * each Iceberg snapshot covers the Delta versions that arrived since the previous one, and its
 * summary records the last as {@value #DELTA_VERSION} and the first as {@value
 * #DELTA_FIRST_VERSION}. Field ids come from the previous Iceberg metadata, so a column promoted
 * later gets a new id and never renumbers the existing ones. The variant document column is an
 * Iceberg v3 {@code variant}. The table carries a default name mapping, since the Parquet files
 * hold no Iceberg field ids.
 *
 * <p>Manifests name data files by absolute location: the storage root's location (for a file-system
 * storage its directory's {@code file:} URI) followed by the file's storage path. A lake moved
 * elsewhere needs its metadata folders deleted and rewritten ({@link #mirror}).
 *
 * <p>The listener catches up from the last Delta version its metadata records to the newest
 * committed one, so a failed or missed run is repaired by the next pass. Failures are logged and
 * counted and never fail a Delta commit. Thread-safe: one listener may serve every table of a
 * process; {@link IcebergMetadataListener#close()} finishes its pending work.
 */
public final class IcebergMetadata {
  /** The snapshot summary property recording the Delta version a snapshot mirrors. */
  public static final String DELTA_VERSION = "delta-version";

  /**
   * The snapshot summary property recording the first Delta version a snapshot covers: the one
   * after the previous snapshot's {@value #DELTA_VERSION} (0 for the first snapshot).
   */
  public static final String DELTA_FIRST_VERSION = "delta-first-version";

  /**
   * The snapshot summary property recording the Delta operations of the versions a snapshot covers,
   * distinct and in order, joined by commas.
   */
  public static final String DELTA_OPERATION = "delta-operation";

  /** The table property recording the id of the Delta table the metadata describes. */
  public static final String DELTA_TABLE_ID = "delta-table-id";

  /** The folder, inside the table's folder, that holds the Iceberg metadata. */
  public static final String METADATA_FOLDER = "metadata";

  private IcebergMetadata() {}

  /**
   * A listener for tables in a {@link dev.mongolake.delta.storage.FileSystemStorage}: data files
   * are named by {@code file:} URIs under the storage's root. For another storage it fails (and the
   * commit logs it): use {@link #listener(String)}.
   */
  public static IcebergMetadataListener listener() {
    return new MirroringListener(Optional.empty());
  }

  /**
   * A listener whose manifests name data files under {@code storageRootLocation}, the location
   * readers use for the storage root (for example {@code s3://bucket/prefix}).
   *
   * @throws IllegalArgumentException if the location is blank
   */
  public static IcebergMetadataListener listener(String storageRootLocation) {
    if (storageRootLocation == null || storageRootLocation.isBlank()) {
      throw new IllegalArgumentException(
          "Cannot write Iceberg metadata: the storage root location is blank");
    }
    return new MirroringListener(Optional.of(storageRootLocation));
  }

  /**
   * Brings the Iceberg metadata of {@code table} up to its latest Delta version now, on the calling
   * thread, through {@code listener} (one that {@link #listener()} or {@link #listener(String)}
   * returned); for tables written before the metadata was enabled.
   *
   * @throws IllegalArgumentException if the listener is not one of these
   * @throws IcebergMetadataException if the metadata cannot be written
   */
  public static void mirror(DeltaTable table, CommitListener listener) {
    if (!(listener instanceof MirroringListener mirroring)) {
      throw new IllegalArgumentException(
          "Cannot mirror " + table.tablePath() + ": " + listener + " is not an Iceberg listener");
    }
    mirroring.mirror(table).catchUp(table.snapshot().version());
  }

  /**
   * {@code options} with an Iceberg {@link #listener()} added; closing it ({@code
   * options.commitListeners()}) finishes its pending work.
   */
  public static DeltaTableOptions enable(DeltaTableOptions options) {
    return options.withCommitListener(listener());
  }
}
