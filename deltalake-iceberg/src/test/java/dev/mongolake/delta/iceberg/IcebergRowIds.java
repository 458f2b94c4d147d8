package dev.mongolake.delta.iceberg;

import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.internal.ProjectedGroupReadSupport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.SeekableInputStream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;

/**
 * The {@code _id} (int64) of every live row of an Iceberg table's current snapshot, as a reader
 * with only iceberg-core and a Parquet reader sees it: iceberg-core plans the data files and their
 * deletion vectors, iceberg-core reads each vector's Puffin blob, and a row is live unless its
 * position is in its file's vector.
 */
final class IcebergRowIds {
  private IcebergRowIds() {}

  static List<Long> liveIds(Table table) {
    List<Long> ids = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        PositionDeleteIndex deleted = PositionDeleteIndex.empty();
        for (DeleteFile delete : task.deletes()) {
          if (delete.content() != FileContent.POSITION_DELETES
              || delete.format() != FileFormat.PUFFIN) {
            throw new IllegalStateException("Not a deletion vector: " + delete.location());
          }
          deleted = vector(table, delete);
        }
        long position = -1;
        try (ParquetReader<Group> reader =
            ParquetFiles.reader(
                new LocalInputFile(
                    java.nio.file.Path.of(java.net.URI.create(task.file().location()))),
                new ProjectedGroupReadSupport(null),
                FilterCompat.NOOP)) {
          for (Group row = reader.read(); row != null; row = reader.read()) {
            if (!deleted.isDeleted(++position)) {
              ids.add(row.getLong("_id", 0));
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ids;
  }

  private static PositionDeleteIndex vector(Table table, DeleteFile vector) throws IOException {
    byte[] blob = new byte[Math.toIntExact(vector.contentSizeInBytes())];
    try (SeekableInputStream in = table.io().newInputFile(vector.location()).newStream()) {
      in.seek(vector.contentOffset());
      readFully(in, blob);
    }
    return PositionDeleteIndex.deserialize(blob, vector);
  }

  private static void readFully(InputStream in, byte[] into) throws IOException {
    int read = 0;
    while (read < into.length) {
      int n = in.read(into, read, into.length - read);
      if (n < 0) {
        throw new IOException("Deletion vector blob ends early");
      }
      read += n;
    }
  }
}
