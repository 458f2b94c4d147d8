package dev.mongolake.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.exceptions.UnsupportedTableFeatureException;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.log.FilePaths;
import dev.mongolake.delta.log.schema.SchemaJson;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.SnapshotImpl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Spark-written golden table, every version: our reconstructed state (live files with sizes
 * and partition values, schema, protocol, and the rows of the live files) equals delta-kernel's, or
 * we refuse the table with an error that names the unsupported feature, or both readers reject a
 * corrupt log.
 */
class GoldenTablesMatchDeltaKernelTest {
  static final Path GOLDEN = GoldenTables.location();
  private static final Pattern VERSIONED = Pattern.compile("(\\d{20})\\.(json|checkpoint.*)");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Engine ENGINE = LocalKernelFileIO.engine();

  /** Skips the tests (fails them in CI) with the reason when the golden tables are missing. */

  /**
   * Skipped, saying where the tables were looked for, when they are missing (a failure in CI); the
   * parameterized test then has no tables to run.
   */
  @Test
  void theGoldenTablesArePresent() {
    assertThat(GoldenTables.require()).isDirectory();
  }

  static Stream<String> goldenTables() throws IOException {
    if (!Files.isDirectory(GOLDEN)) {
      return Stream.empty();
    }
    try (Stream<Path> dirs = Files.list(GOLDEN)) {
      return dirs
          .filter(Files::isDirectory)
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest(name = "{0}", allowZeroInvocations = true)
  @MethodSource("goldenTables")
  void everyVersionMatchesDeltaKernelOrIsRefusedClearly(String table) throws Exception {
    Path dir = GOLDEN.resolve(table);
    DeltaTable ours = DeltaTable.forPath(new DirectoryTestStorage(GOLDEN), table);
    TreeSet<Long> versions = logVersions(dir);
    if (versions.isEmpty()) {
      assertBothRejectLatest(table, ours);
      return;
    }
    RowCaches caches = new RowCaches(new HashMap<>(), new HashMap<>());
    for (long version : versions) {
      compareVersion(table, dir, ours, version, caches);
    }
  }

  /** Rows per data file, ours and delta-kernel's, shared by the versions of one table. */
  private record RowCaches(Map<String, List<String>> ours, Map<String, List<String>> kernel) {}

  private static void compareVersion(
      String table, Path dir, DeltaTable ours, long version, RowCaches caches) throws Exception {
    Snapshot snapshot;
    Map<String, String> ourFiles;
    try {
      snapshot = ours.snapshotAt(version);
      ourFiles = ourFiles(dir, snapshot);
    } catch (UnsupportedTableFeatureException e) {
      String named = e.feature().matches("(reader|writer)Version\\d+") ? "version" : e.feature();
      assertThat(e.getMessage()).contains(named).startsWith("Cannot ");
      System.out.printf("OUTCOME %s@%d REFUSED %s%n", table, version, e.feature());
      return;
    } catch (DeltaException e) {
      Exception kernelError = kernelError(dir, version);
      if (kernelError == null) {
        fail("%s@%d: we failed (%s) but delta-kernel read it", table, version, e.toString());
      }
      assertThat(e.getMessage()).startsWith("Cannot ");
      System.out.printf("OUTCOME %s@%d BOTH_REJECT %s%n", table, version, e.getMessage());
      return;
    }
    io.delta.kernel.Snapshot kernel;
    Map<String, String> kernelFiles;
    try {
      kernel =
          io.delta.kernel.Table.forPath(ENGINE, dir.toString())
              .getSnapshotAsOfVersion(ENGINE, version);
      kernelFiles = DeltaKernelReadsOurTablesTest.kernelFiles(kernel);
    } catch (Exception e) {
      if (isKernelFeatureLimit(e)) {
        System.out.printf("OUTCOME %s@%d KERNEL_LIMIT %s%n", table, version, e.getMessage());
        return;
      }
      fail(
          "%s@%d: we read %d files but delta-kernel failed: %s",
          table, version, ourFiles.size(), e);
      return;
    }
    assertThat(ourFiles).as("%s@%d live files", table, version).isEqualTo(kernelFiles);
    SnapshotImpl impl = (SnapshotImpl) kernel;
    assertThat(snapshot.protocol().minReaderVersion())
        .as("%s@%d reader version", table, version)
        .isEqualTo(impl.getProtocol().getMinReaderVersion());
    assertThat(snapshot.protocol().minWriterVersion())
        .as("%s@%d writer version", table, version)
        .isEqualTo(impl.getProtocol().getMinWriterVersion());
    // Kernel upper-cases collation providers (spark.UTF8_LCASE becomes SPARK.UTF8_LCASE); we keep
    // the schema as written, so compare case-insensitively.
    // Kernel also leaves out the tableVersion that Delta's preview of type widening wrote in each
    // delta.typeChanges entry; we keep the schema as written, so drop it before comparing.
    JsonNode ourSchema =
        withoutTypeChangeVersions(
            upperCaseCollations(JSON.readTree(SchemaJson.write(snapshot.schema()))));
    JsonNode kernelSchema = upperCaseCollations(JSON.readTree(kernel.getSchema().toJson()));
    assertThat(ourSchema).as("%s@%d schema", table, version).isEqualTo(kernelSchema);
    assertThat(snapshot.partitionColumns())
        .as("%s@%d partition columns", table, version)
        .isEqualTo(kernel.getPartitionColumnNames());
    System.out.printf(
        "OUTCOME %s@%d MATCH %d files, %s%n",
        table, version, ourFiles.size(), compareRows(table, dir, snapshot, kernel, caches));
  }

  /**
   * Compares the rows of the live files as multisets (partition values as columns), or says why the
   * rows are not compared.
   */
  private static String compareRows(
      String table, Path dir, Snapshot snapshot, io.delta.kernel.Snapshot kernel, RowCaches caches)
      throws IOException {
    Optional<String> unreproducible = ParquetTableRows.unreproducible(dir, snapshot);
    if (unreproducible.isPresent()) {
      return "rows not compared: " + unreproducible.get();
    }
    List<String> kernelRows;
    try {
      kernelRows = new ArrayList<>(KernelTableRows.rows(ENGINE, kernel, caches.kernel()));
    } catch (Exception e) {
      if (isKernelFeatureLimit(e)) {
        return "rows not compared: delta-kernel cannot read them: " + e.getMessage();
      }
      throw e;
    }
    List<String> ourRows = new ArrayList<>(ParquetTableRows.rows(dir, snapshot, caches.ours()));
    Collections.sort(kernelRows);
    Collections.sort(ourRows);
    assertThat(ourRows).as("%s@%d rows", table, snapshot.version()).isEqualTo(kernelRows);
    return ourRows.size() + " rows";
  }

  private static JsonNode upperCaseCollations(JsonNode node) {
    if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        if (field.getKey().equals("__COLLATIONS") && field.getValue().isObject()) {
          com.fasterxml.jackson.databind.node.ObjectNode collations =
              (com.fasterxml.jackson.databind.node.ObjectNode) field.getValue();
          collations
              .properties()
              .forEach(
                  c -> collations.put(c.getKey(), c.getValue().asText().toUpperCase(Locale.ROOT)));
        } else {
          upperCaseCollations(field.getValue());
        }
      }
    } else if (node.isArray()) {
      node.forEach(GoldenTablesMatchDeltaKernelTest::upperCaseCollations);
    }
    return node;
  }

  private static JsonNode withoutTypeChangeVersions(JsonNode node) {
    if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
      JsonNode changes = object.get("delta.typeChanges");
      if (changes != null && changes.isArray()) {
        changes.forEach(
            c -> ((com.fasterxml.jackson.databind.node.ObjectNode) c).remove("tableVersion"));
      }
      object.properties().forEach(field -> withoutTypeChangeVersions(field.getValue()));
    } else if (node.isArray()) {
      node.forEach(GoldenTablesMatchDeltaKernelTest::withoutTypeChangeVersions);
    }
    return node;
  }

  private static boolean isKernelFeatureLimit(Exception e) {
    String message = String.valueOf(e.getMessage());
    return message.contains("Unsupported Delta") || message.contains("not supported");
  }

  private static void assertBothRejectLatest(String table, DeltaTable ours) {
    try {
      ours.snapshot();
      fail("%s: we read a table without a log", table);
    } catch (DeltaException e) {
      assertThat(e.getMessage()).startsWith("Cannot ");
      System.out.printf("OUTCOME %s@latest NO_LOG %s%n", table, e.getMessage());
    }
  }

  private static Exception kernelError(Path dir, long version) {
    try {
      DeltaKernelReadsOurTablesTest.kernelFiles(
          io.delta.kernel.Table.forPath(ENGINE, dir.toString())
              .getSnapshotAsOfVersion(ENGINE, version));
      return null;
    } catch (Exception e) {
      return e;
    }
  }

  /** Absolute decoded path to "size|partitionValues". */
  private static Map<String, String> ourFiles(Path dir, Snapshot snapshot) {
    Map<String, String> files = new TreeMap<>();
    for (AddFile add : snapshot.files()) {
      String decoded = FilePaths.decode(add.path());
      Path path = FilePaths.isAbsolute(add.path()) ? Path.of(decoded) : dir.resolve(decoded);
      files.put(
          path.normalize().toString(), add.size() + "|" + new TreeMap<>(add.partitionValues()));
    }
    return files;
  }

  private static TreeSet<Long> logVersions(Path dir) throws IOException {
    TreeSet<Long> versions = new TreeSet<>();
    Path log = dir.resolve("_delta_log");
    if (!Files.isDirectory(log)) {
      return versions;
    }
    List<Path> files = new ArrayList<>();
    try (Stream<Path> list = Files.list(log)) {
      list.forEach(files::add);
    }
    for (Path file : files) {
      Matcher m = VERSIONED.matcher(file.getFileName().toString());
      if (m.matches()) {
        versions.add(Long.parseLong(m.group(1)));
      }
    }
    return versions;
  }
}
