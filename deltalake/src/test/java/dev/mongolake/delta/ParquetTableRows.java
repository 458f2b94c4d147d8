package dev.mongolake.delta;

import dev.mongolake.delta.dv.DeletedRows;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.schema.ArrayType;
import dev.mongolake.delta.log.schema.DataType;
import dev.mongolake.delta.log.schema.MapType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.log.schema.VariantType;
import dev.mongolake.delta.parquet.ParquetFiles;
import dev.mongolake.delta.parquet.internal.ProjectedGroupReadSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;

/**
 * Our rows of a snapshot: every live file read with parquet-java's example {@link Group} reader,
 * columns found by their physical names, partition values parsed from the add actions, each row as
 * {@link RowText} in schema order, leaving out the rows a file's deletion vector deletes (by the
 * row's position in the file, read with {@link Snapshot#deletedRows}). Independent of delta-kernel,
 * so the two can be compared.
 *
 * <p>A file's rows depend only on the file, its partition values and the table schema, so the
 * caller may pass the same cache for every version of one table: each file is then read once.
 */
final class ParquetTableRows {
  private static final String PHYSICAL_NAME = "delta.columnMapping.physicalName";

  private ParquetTableRows() {}

  /** Why we cannot reproduce this snapshot's rows with a plain Parquet read, if we cannot. */
  static Optional<String> unreproducible(Path tableDir, Snapshot snapshot) {
    long absent = snapshot.files().stream().filter(f -> !Files.exists(path(tableDir, f))).count();
    if (absent > 0) {
      // Log-replay tables name files that were never written, and vacuumed tables lost theirs.
      return Optional.of(absent + " live files are absent from the table folder");
    }
    if (containsVariant(snapshot.schema())) {
      return Optional.of("variant columns (delta-kernel's default engine cannot read them)");
    }
    return Optional.empty();
  }

  static List<String> rows(Path tableDir, Snapshot snapshot, Map<String, List<String>> cache)
      throws IOException {
    boolean mapped =
        !"none"
            .equals(
                snapshot
                    .metadata()
                    .configuration()
                    .getOrDefault("delta.columnMapping.mode", "none")
                    .toLowerCase(Locale.ROOT));
    StructType schema = snapshot.schema();
    List<String> rows = new ArrayList<>();
    for (AddFile add : snapshot.files()) {
      Path file = path(tableDir, add);
      String key =
          snapshot.metadata().schemaString()
              + "|"
              + file.normalize()
              + "|"
              + new TreeMap<>(add.partitionValues())
              + "|"
              + (add.deletionVector() == null ? "" : add.deletionVector().uniqueId());
      List<String> cached = cache.get(key);
      if (cached != null) {
        rows.addAll(cached);
        continue;
      }
      List<String> fileRows = new ArrayList<>();
      DeletedRows deleted = snapshot.deletedRows(add);
      long rowIndex = -1;
      try (ParquetReader<Group> reader =
          ParquetFiles.reader(
              new LocalInputFile(file), new ProjectedGroupReadSupport(null), FilterCompat.NOOP)) {
        for (Group group = reader.read(); group != null; group = reader.read()) {
          if (deleted.contains(++rowIndex)) {
            continue;
          }
          List<String> fields = new ArrayList<>();
          for (StructField field : schema.fields()) {
            String physical = mapped ? physicalName(field) : field.name();
            if (snapshot.partitionColumns().contains(field.name())) {
              fields.add(PartitionValueText.of(add.partitionValues().get(physical), field.type()));
            } else {
              fields.add(column(group, physical, field.type(), mapped));
            }
          }
          fileRows.add(RowText.struct(fields));
        }
      }
      cache.put(key, fileRows);
      rows.addAll(fileRows);
    }
    return rows;
  }

  private static String column(Group group, String name, DataType type, boolean mapped) {
    GroupType groupType = group.getType();
    int index = fieldIndex(groupType, name);
    if (index < 0 || group.getFieldRepetitionCount(index) == 0) {
      return RowText.NULL; // a column added after the file was written reads as null
    }
    return ParquetValueText.of(group, index, 0, groupType.getType(index), type, mapped);
  }

  private static Path path(Path tableDir, AddFile add) {
    String decoded = FilePaths.decode(add.path());
    return FilePaths.isAbsolute(add.path()) ? Path.of(decoded) : tableDir.resolve(decoded);
  }

  static int fieldIndex(GroupType type, String name) {
    if (type.containsField(name)) {
      return type.getFieldIndex(name);
    }
    for (int i = 0; i < type.getFieldCount(); i++) {
      if (type.getType(i).getName().equalsIgnoreCase(name)) {
        return i; // Spark resolves columns case-insensitively
      }
    }
    return -1;
  }

  static String physicalName(StructField field) {
    Object physical = field.metadata().get(PHYSICAL_NAME);
    return physical == null ? field.name() : physical.toString();
  }

  private static boolean containsVariant(DataType type) {
    return switch (type) {
      case VariantType v -> true;
      case StructType s -> s.fields().stream().anyMatch(f -> containsVariant(f.type()));
      case ArrayType a -> containsVariant(a.elementType());
      case MapType m -> containsVariant(m.keyType()) || containsVariant(m.valueType());
      default -> false;
    };
  }
}
