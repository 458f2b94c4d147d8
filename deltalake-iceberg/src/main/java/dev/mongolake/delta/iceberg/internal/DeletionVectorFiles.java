package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.dv.DeletionVectors;
import dev.mongolake.delta.iceberg.IcebergMetadataException;
import dev.mongolake.delta.log.AddFile;
import java.io.IOException;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.deletes.BaseDVFileWriter;
import org.apache.iceberg.io.FileIO;

/**
 * Iceberg v3 deletion vectors for Delta files that have one: the rows each Delta vector deletes,
 * written by iceberg-core's own writer as {@code deletion-vector-v1} blobs of one Puffin file in
 * the table's {@code metadata/} folder (Iceberg's, so Delta's vacuum leaves it alone and snapshot
 * expiry deletes it when no snapshot needs it).
 *
 * <p>Each Iceberg vector holds the whole of its Delta vector (Delta rewrites a file's vector whole
 * too), so no earlier Iceberg vector is merged in: the snapshot that adds it removes and re-adds
 * the data file, which drops the file's previous vector.
 */
final class DeletionVectorFiles {
  private DeletionVectorFiles() {}

  /**
   * @param location the location Iceberg names a data file by, from the path in its action
   * @param metadataFolder the location of the table's metadata folder, ending in {@code /}
   */
  static List<DeleteFile> write(
      DeltaTable delta,
      Table table,
      FileIO io,
      String metadataFolder,
      List<AddFile> withVectors,
      UnaryOperator<String> location) {
    String puffin = metadataFolder + UUID.randomUUID() + "-dv.puffin";
    BaseDVFileWriter writer =
        new BaseDVFileWriter(() -> io.newOutputFile(puffin), dataFile -> null);
    try (writer) {
      for (AddFile add : withVectors) {
        DeletedRows deleted =
            DeletionVectors.read(
                delta.storage(), delta.tablePath(), add.deletionVector(), add.path());
        String dataFile = location.apply(add.path());
        for (PrimitiveIterator.OfLong rows = deleted.iterator(); rows.hasNext(); ) {
          writer.delete(dataFile, rows.nextLong(), table.spec(), null);
        }
      }
    } catch (IOException e) {
      throw new IcebergMetadataException(
          "Cannot write the Iceberg deletion vectors of " + delta.tablePath() + " to " + puffin, e);
    }
    return writer.result().deleteFiles();
  }
}
