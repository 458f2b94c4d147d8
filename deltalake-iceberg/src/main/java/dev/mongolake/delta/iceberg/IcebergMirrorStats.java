package dev.mongolake.delta.iceberg;

/**
 * Counts of an {@link IcebergMetadataListener}'s background mirror since the listener was made.
 *
 * @param snapshots Iceberg snapshots written (each covers one or more Delta versions)
 * @param versions Delta versions those snapshots cover
 * @param failures passes that failed (each logged; the table is tried again)
 * @param pendingTables tables with versions not mirrored yet, counting one whose pass is running
 */
public record IcebergMirrorStats(long snapshots, long versions, long failures, int pendingTables) {}
