package dev.mongolake.delta.iceberg;

import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

/** Loads Iceberg metadata with iceberg-core alone, as an Iceberg reader of the lake would. */
final class LocalIcebergTables {
  private LocalIcebergTables() {}

  /** The table whose metadata folder is under {@code tableFolder}, at its version hint. */
  static Table load(Path tableFolder) {
    try {
      Path metadata = tableFolder.resolve("metadata");
      String hint =
          Files.readString(metadata.resolve("version-hint.text"), StandardCharsets.UTF_8).trim();
      Path file = metadata.resolve("v" + hint + ".metadata.json");
      return new BaseTable(
          new StaticTableOperations(file.toUri().toString(), new LocalFileIO()),
          tableFolder.getFileName().toString());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The file names (last path segment) a scan of the current snapshot plans. */
  static List<String> fileNames(Table table, Expression filter) {
    List<String> names = new ArrayList<>();
    var scan = filter == null ? table.newScan() : table.newScan().filter(filter);
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        String location = task.file().location();
        names.add(location.substring(location.lastIndexOf('/') + 1));
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return names;
  }

  /** Local files named by {@code file:} URIs. */
  static final class LocalFileIO implements FileIO {
    private static final long serialVersionUID = 1L;

    @Override
    public InputFile newInputFile(String location) {
      return org.apache.iceberg.Files.localInput(file(location));
    }

    @Override
    public OutputFile newOutputFile(String location) {
      return org.apache.iceberg.Files.localOutput(file(location));
    }

    @Override
    public void deleteFile(String location) {
      file(location).delete();
    }

    private static File file(String location) {
      return location.startsWith("file:") ? new File(URI.create(location)) : new File(location);
    }
  }
}
