package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.rows.TableReader;
import dev.mongolake.delta.rows.TableRow;
import dev.mongolake.delta.rows.TableScan;
import io.delta.kernel.engine.Engine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Spark-written golden table whose log uses column mapping or type widening, at every
 * version: {@link TableReader} returns delta-kernel's rows (logical schema, current types), and
 * data skipping by logical names over the physically keyed statistics never skips a file holding a
 * row that matches.
 */
class ColumnMappingGoldenTablesTest {
  private static final Engine ENGINE = LocalKernelFileIO.engine();

  static Stream<String> mappedOrWidenedTables() throws IOException {
    Path golden = GoldenTables.location();
    if (!Files.isDirectory(golden)) {
      return Stream.empty();
    }
    List<String> tables = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(golden)) {
      for (Path dir : dirs.sorted().toList()) {
        if (logMentions(dir.resolve("_delta_log"), "columnMapping", "typeWidening")) {
          tables.add(dir.getFileName().toString());
        }
      }
    }
    return tables.stream();
  }

  @Test
  void theGoldenTablesIncludeMappedAndWidenedTables() throws IOException {
    GoldenTables.require();
    List<String> tables = mappedOrWidenedTables().toList();
    assertThat(tables)
        .contains(
            "table-with-columnmapping-mode-name",
            "table-with-columnmapping-mode-id",
            "dv-with-columnmapping",
            "type-widening",
            "type-widening-nested");
  }

  @ParameterizedTest(name = "{0}", allowZeroInvocations = true)
  @MethodSource("mappedOrWidenedTables")
  void everyVersionReadsAsDeltaKernelReadsIt(String table) throws Exception {
    Path golden = GoldenTables.require();
    Path dir = golden.resolve(table);
    DirectoryTestStorage storage = new DirectoryTestStorage(golden);
    DeltaTable ours = DeltaTable.forPath(storage, table);
    long latest = ours.snapshot().version();
    Map<String, List<String>> kernelCache = new HashMap<>();
    int versionsRead = 0;
    for (long version : readableVersions(dir, latest)) {
      Snapshot snapshot = ours.snapshotAt(version);
      TableReader reader = TableReader.of(storage, snapshot);
      List<String> ourRows = new ArrayList<>();
      for (TableRow row : reader.rows()) {
        ourRows.add(TableRowText.of(row));
      }
      io.delta.kernel.Snapshot kernel =
          io.delta.kernel.Table.forPath(ENGINE, dir.toString())
              .getSnapshotAsOfVersion(ENGINE, version);
      List<String> kernelRows = new ArrayList<>(KernelTableRows.rows(ENGINE, kernel, kernelCache));
      Collections.sort(ourRows);
      Collections.sort(kernelRows);
      assertThat(ourRows).as("%s@%d rows", table, version).isEqualTo(kernelRows);
      assertSkippingKeepsMatchingFiles(table, reader);
      versionsRead++;
    }
    assertThat(versionsRead).isPositive();
  }

  /**
   * For every row and every scalar column, an equality filter on the row's value (by logical name)
   * keeps the row's file, and finds the row.
   */
  private static void assertSkippingKeepsMatchingFiles(String table, TableReader reader) {
    for (AddFile file : reader.snapshot().files()) {
      for (TableRow row : reader.fileRows(file)) {
        BsonDocument document = row.toDocument();
        for (StructField field : row.schema().fields()) {
          BsonValue value = document.get(field.name());
          if (value instanceof BsonNull || value.isDocument() || value.isArray()) {
            continue;
          }
          Filter filter = Filter.parse(new BsonDocument(field.name(), value));
          assertThat(reader.files(filter))
              .as("%s@%d: %s keeps %s", table, reader.snapshot().version(), filter, file.path())
              .contains(file);
        }
      }
    }
  }

  /**
   * Statistics and partition values are keyed by physical names in the log; filters name logical
   * columns. A filter {@code {c: {$gt: v}}} for a value {@code v} of the file skips every file none
   * of whose rows match (statistics hold the maximum), and never one with a match.
   */
  @Test
  void statisticsKeyedByPhysicalNamesSkipFilesByLogicalNames() {
    Path golden = GoldenTables.require();
    DirectoryTestStorage storage = new DirectoryTestStorage(golden);
    for (String table :
        List.of(
            "data-skipping-basic-stats-all-types-columnmapping-name",
            "data-skipping-basic-stats-all-types-columnmapping-id",
            "dv-with-columnmapping",
            "type-widening")) {
      TableReader reader = TableReader.of(storage, DeltaTable.forPath(storage, table).snapshot());
      int skipped = 0;
      for (AddFile file : reader.snapshot().files()) {
        List<TableRow> rows = reader.fileRows(file);
        if (rows.isEmpty()) {
          continue;
        }
        BsonDocument first = rows.getFirst().toDocument();
        for (String column : first.keySet()) {
          BsonValue value = first.get(column);
          if (value instanceof BsonNull || value.isDocument() || value.isArray()) {
            continue;
          }
          Filter filter = Filter.parse(new BsonDocument(column, new BsonDocument("$gt", value)));
          boolean matches = rows.stream().anyMatch(r -> filter.matches(r.toDocument()));
          boolean kept = reader.files(filter).contains(file);
          assertThat(kept || !matches).as("%s: %s keeps %s", table, filter, file.path()).isTrue();
          skipped += kept ? 0 : 1;
        }
      }
      assertThat(skipped).as("%s files skipped by statistics", table).isPositive();
    }
  }

  /**
   * At the latest version, every equality and range filter on a value of a scalar column returns
   * exactly the rows a full read matches, whether files are skipped, conditions pushed down to
   * Parquet, or both; in the mapped tables without deletion vectors the pushdown skips rows.
   */
  @ParameterizedTest(name = "{0}", allowZeroInvocations = true)
  @MethodSource("mappedOrWidenedTables")
  void filteredScansReturnExactlyTheMatchingRows(String table) {
    Path golden = GoldenTables.require();
    DirectoryTestStorage storage = new DirectoryTestStorage(golden);
    TableReader reader = TableReader.of(storage, DeltaTable.forPath(storage, table).snapshot());
    List<TableRow> all = reader.rows();
    Map<String, Integer> rowsPerFile = new HashMap<>();
    for (AddFile file : reader.snapshot().files()) {
      rowsPerFile.put(file.path(), reader.fileRows(file).size());
    }
    long rowsSkippedByPushdown = 0;
    for (BsonDocument document : all.stream().map(TableRow::toDocument).distinct().toList()) {
      for (String column : document.keySet()) {
        BsonValue value = document.get(column);
        if (value instanceof BsonNull || value.isDocument() || value.isArray()) {
          continue;
        }
        for (String operator : List.of("$eq", "$gt", "$lte")) {
          Filter filter = Filter.parse(new BsonDocument(column, new BsonDocument(operator, value)));
          List<String> expected =
              all.stream()
                  .filter(r -> filter.matches(r.toDocument()))
                  .map(TableRowText::of)
                  .sorted()
                  .toList();
          TableScan scan = reader.scan(filter);
          assertThat(scan.rows().stream().map(TableRowText::of).sorted().toList())
              .as("%s %s", table, filter)
              .isEqualTo(expected);
          long inReadFiles =
              reader.files(filter).stream().mapToLong(f -> rowsPerFile.get(f.path())).sum();
          assertThat(scan.rowsRead()).isLessThanOrEqualTo(inReadFiles);
          rowsSkippedByPushdown += inReadFiles - scan.rowsRead();
        }
      }
    }
    if (table.startsWith("table-with-columnmapping-mode-")) {
      assertThat(rowsSkippedByPushdown).as("%s rows skipped by pushdown", table).isPositive();
    }
  }

  /** The versions of the table's log from the first readable one (checkpointed logs start late). */
  private static List<Long> readableVersions(Path dir, long latest) throws IOException {
    TreeSet<Long> versions = new TreeSet<>();
    try (Stream<Path> files = Files.list(dir.resolve("_delta_log"))) {
      files
          .map(p -> p.getFileName().toString())
          .filter(name -> name.matches("\\d{20}\\.json"))
          .forEach(name -> versions.add(Long.parseLong(name.substring(0, 20))));
    }
    versions.add(latest);
    return List.copyOf(versions);
  }

  private static boolean logMentions(Path log, String... words) throws IOException {
    if (!Files.isDirectory(log)) {
      return false;
    }
    try (Stream<Path> files = Files.list(log)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        for (String word : words) {
          if (text.contains(word)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
