package dev.mongolake.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The library's {@link TableReader} reads the tables Spark 4 with delta-spark writes (deletion
 * vectors from DELETE and UPDATE, column mapping in name mode with renamed, dropped and added
 * columns (also in id mode), classic and v2 checkpoints, type widening) row for row as Spark reads
 * them, VARIANT columns included.
 */
class OurReaderReadsSparksTablesTest {
  private static final String COLUMN_MAPPING = "delta.columnMapping.mode";

  @TempDir Path copy;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "deletion-vectors",
        "column-mapping",
        "column-mapping-id",
        "v2-checkpoint",
        "type-widening"
      })
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

  @ParameterizedTest
  @CsvSource({"column-mapping, name", "column-mapping-id, id"})
  void sparksColumnMappingNamesTheRenamedAndAddedColumns(String table, String mode) {
    Snapshot snapshot = snapshot(SparkRun.get().spark(), table);

    assertThat(snapshot.metadata().configuration(COLUMN_MAPPING, "none")).isEqualTo(mode);
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
  void sparksV2CheckpointIsUuidNamedWithSidecars() throws IOException {
    Path table = SparkRun.get().spark().resolve("v2-checkpoint");
    Path log = table.resolve("_delta_log");

    assertThat(snapshot(table.getParent(), "v2-checkpoint").protocol().readerFeatures())
        .contains("v2Checkpoint");
    try (Stream<Path> files = Files.list(log)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .anyMatch(n -> n.matches("0{19}6\\.checkpoint\\.[0-9a-f-]{36}\\.json"));
    }
    try (Stream<Path> sidecars = Files.list(log.resolve("_sidecars"))) {
      assertThat(sidecars).isNotEmpty();
    }
  }

  /**
   * Without the commits Spark's last checkpoint covers, the files (and their deletion vectors) come
   * from the checkpoint alone: a classic Parquet one, and a v2 one with sidecars.
   */
  @ParameterizedTest
  @CsvSource({"deletion-vectors, 4", "v2-checkpoint, 6"})
  void sparksCheckpointAloneGivesSparksRows(String table, long checkpointed) throws IOException {
    SparkRun run = SparkRun.get();
    copyRecursively(run.spark().resolve(table), copy.resolve(table));
    Path log = copy.resolve(table).resolve("_delta_log");
    assertThat(Files.readString(log.resolve("_last_checkpoint")))
        .contains("\"version\":" + checkpointed + ",");
    for (long version = 0; version <= checkpointed; version++) {
      Files.delete(log.resolve("%020d.json".formatted(version)));
    }

    assertThat(ourRows(new FileSystemStorage(copy), table))
        .isEqualTo(sorted(run.rows("spark", table).stream().map(RowTexts::row)));
  }

  /**
   * Spark 4.1 writes a VARIANT column as a Parquet group annotated VARIANT (value, metadata); the
   * library reads it as an encoded Variant whose decoded value prints as Spark's JSON does.
   */
  @Test
  void sparksVariantColumnReadsAsTheValuesSparkWrote() {
    SparkRun run = SparkRun.get();
    FileSystemStorage storage = new FileSystemStorage(run.spark());

    assertThat(run.rows("spark", "variant"))
        .containsExactlyInAnyOrder(
            List.of("1", "variant:{\"a\":1,\"b\":\"x\",\"c\":[true,null]}"),
            List.of("2", "variant:2.5"),
            List.of("3", "null"));
    assertThat(ourRows(storage, "variant"))
        .isEqualTo(sorted(run.rows("spark", "variant").stream().map(RowTexts::row)));
  }

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
