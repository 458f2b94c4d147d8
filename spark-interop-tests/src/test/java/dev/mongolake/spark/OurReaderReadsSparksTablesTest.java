package dev.mongolake.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.exceptions.DeltaException;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.rows.TableReader;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The library's {@link TableReader} reads the tables Spark 4 with delta-spark writes (deletion
 * vectors from DELETE and UPDATE, column mapping in name mode with renamed, dropped and added
 * columns, v2 checkpoints with sidecars, type widening) row for row as Spark reads them. A VARIANT
 * column Spark writes is refused by name.
 */
class OurReaderReadsSparksTablesTest {

  @TempDir Path copy;

  @ParameterizedTest
  @ValueSource(strings = {"deletion-vectors", "column-mapping", "v2-checkpoint", "type-widening"})
  void ourRowsAreSparksRows(String table) {
    SparkRun run = SparkRun.get();
    List<String> sparkRows = sorted(run.rows("spark", table).stream().map(RowTexts::row));
    FileSystemStorage storage = new FileSystemStorage(run.spark());

    assertThat(ourRows(storage, table)).isEqualTo(sparkRows).isNotEmpty();
  }

  @Test
  void sparksDeletesAndUpdatesLeaveDeletionVectorsWeApply() {
    Snapshot snapshot = snapshot(SparkRun.get().spark(), "deletion-vectors");

    assertThat(snapshot.protocol().readerFeatures()).contains("deletionVectors");
    assertThat(snapshot.files()).anyMatch(f -> f.deletionVector() != null);
  }

  @Test
  void sparksColumnMappingNamesTheRenamedAndAddedColumns() {
    Snapshot snapshot = snapshot(SparkRun.get().spark(), "column-mapping");

    assertThat(snapshot.metadata().configuration(COLUMN_MAPPING, "none")).isEqualTo("name");
    assertThat(snapshot.schema().fields())
        .extracting(StructField::name)
        .containsExactly(
            "id", "title", "info", "tags", "attrs", "day", "at", "amount", "raw", "flag", "extra");
  }

  @Test
  void sparksTypeWideningReadsAsTheWidenedTypes() {
    Snapshot snapshot = snapshot(SparkRun.get().spark(), "type-widening");

    assertThat(snapshot.protocol().readerFeatures()).anyMatch(f -> f.startsWith("typeWidening"));
    assertThat(snapshot.schema().fields())
        .extracting(StructField::type)
        .containsExactly(PrimitiveType.INTEGER, PrimitiveType.LONG, PrimitiveType.DOUBLE);
  }

  @Test
  void aV2CheckpointWithSidecarsAloneGivesSparksRows() throws IOException {
    SparkRun run = SparkRun.get();
    Path source = run.spark().resolve("v2-checkpoint");
    copyRecursively(source, copy.resolve("v2-checkpoint"));
    Path log = copy.resolve("v2-checkpoint/_delta_log");
    assertThat(snapshot(copy, "v2-checkpoint").protocol().readerFeatures())
        .contains("v2Checkpoint");
    try (Stream<Path> files = Files.list(log)) {
      List<String> names = files.map(p -> p.getFileName().toString()).toList();
      assertThat(names).anyMatch(n -> n.matches("\\d{20}\\.checkpoint\\.[0-9a-f-]{36}\\.json"));
    }
    try (Stream<Path> sidecars = Files.list(log.resolve("_sidecars"))) {
      assertThat(sidecars).isNotEmpty();
    }
    // Without the commits the last checkpoint covers, the files come from it and its sidecars.
    long checkpointed = 6;
    for (long version = 0; version <= checkpointed; version++) {
      Files.delete(log.resolve("%020d.json".formatted(version)));
    }

    assertThat(ourRows(new FileSystemStorage(copy), "v2-checkpoint"))
        .isEqualTo(sorted(run.rows("spark", "v2-checkpoint").stream().map(RowTexts::row)));
  }

  /**
   * Spark 4.1 writes a VARIANT column as a Parquet group annotated VARIANT (value, metadata), and
   * reads it back; the library's {@link TableReader} has no value type for VARIANT and refuses such
   * a column by name rather than answering without it.
   */
  @Test
  void sparksVariantColumnIsRefusedByName() {
    SparkRun run = SparkRun.get();
    FileSystemStorage storage = new FileSystemStorage(run.spark());

    assertThat(run.rows("spark", "variant"))
        .containsExactlyInAnyOrder(
            List.of("1", "variant:{\"a\":1,\"b\":\"x\",\"c\":[true,null]}"),
            List.of("2", "variant:2.5"),
            List.of("3", "null"));
    assertThatThrownBy(() -> ourRows(storage, "variant"))
        .isInstanceOf(DeltaException.class)
        .hasMessageStartingWith("Cannot read column v of file variant/")
        .hasMessageContaining("(VARIANT(1))")
        .hasMessageContaining("which does not convert to the table type VariantType");
  }

  private static final String COLUMN_MAPPING = "delta.columnMapping.mode";

  private static List<String> ourRows(FileSystemStorage storage, String table) {
    Snapshot snapshot = DeltaTable.forPath(storage, table).snapshot();
    return sorted(TableReader.of(storage, snapshot).rows().stream().map(RowTexts::row));
  }

  private static Snapshot snapshot(Path root, String table) {
    return DeltaTable.forPath(new FileSystemStorage(root), table).snapshot();
  }

  private static List<String> sorted(Stream<String> rows) {
    List<String> list = new ArrayList<>(rows.toList());
    list.sort(null);
    return list;
  }

  private static void copyRecursively(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path path : paths.toList()) {
        Path target = to.resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          Files.copy(path, target);
        }
      }
    }
  }
}
