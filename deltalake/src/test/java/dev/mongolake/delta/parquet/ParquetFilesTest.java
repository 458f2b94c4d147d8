package dev.mongolake.delta.parquet;

import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.storage.StorageFileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ParquetFilesTest {
  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message row { required int64 id; optional binary name (STRING); optional binary blob; }");

  private final CountingMemoryStorage storage = new CountingMemoryStorage();

  @ParameterizedTest
  @EnumSource(ParquetCodec.class)
  void groupRowsRoundTripThroughStorageWithEachCodec(ParquetCodec codec) throws IOException {
    write("t/rows.parquet", 1_000, ParquetWriteOptions.defaults().withCodec(codec));

    List<Group> rows = readAll("t/rows.parquet", null, FilterCompat.NOOP);

    assertThat(rows).hasSize(1_000);
    assertThat(rows.get(7).getLong("id", 0)).isEqualTo(7);
    assertThat(rows.get(7).getString("name", 0)).isEqualTo("name-7");
    assertThat(rows.get(8).getFieldRepetitionCount("name")).isZero();
    ParquetMetadata footer = ParquetFiles.footer(ParquetFiles.inputFile(storage, "t/rows.parquet"));
    assertThat(footer.getBlocks().getFirst().getColumns().getFirst().getCodec())
        .isEqualTo(codec.parquetName());
  }

  @Test
  void zstdIsTheDefaultCodec() throws IOException {
    write("t/default.parquet", 10, ParquetWriteOptions.defaults());

    ParquetMetadata footer =
        ParquetFiles.footer(ParquetFiles.inputFile(storage, "t/default.parquet"));

    assertThat(footer.getBlocks().getFirst().getColumns())
        .allSatisfy(c -> assertThat(c.getCodec()).isEqualTo(CompressionCodecName.ZSTD));
  }

  @Test
  void projectionReadsOnlyTheRequestedColumns() throws IOException {
    write("t/p.parquet", 100, ParquetWriteOptions.defaults());
    MessageType projection =
        MessageTypeParser.parseMessageType("message row { required int64 id; }");

    List<Group> rows = readAll("t/p.parquet", projection, FilterCompat.NOOP);

    assertThat(rows).hasSize(100);
    assertThat(rows.getFirst().getType().getFieldCount()).isEqualTo(1);
    assertThat(rows.getLast().getLong("id", 0)).isEqualTo(99);
  }

  @Test
  void filterSkipsRowGroupsThatStatisticsExclude() throws IOException {
    ParquetWriteOptions smallGroups =
        ParquetWriteOptions.defaults().withRowGroupSizeBytes(16 * 1024).withPageSizeBytes(4096);
    write("t/f.parquet", 20_000, smallGroups);
    long fileSize = storage.stat("t/f.parquet").orElseThrow().size();
    ParquetMetadata footer = ParquetFiles.footer(ParquetFiles.inputFile(storage, "t/f.parquet"));
    assertThat(footer.getBlocks()).hasSizeGreaterThan(4);
    storage.resetCounters();

    List<Group> rows =
        readAll("t/f.parquet", null, FilterCompat.get(eq(longColumn("id"), 12_345L)));

    assertThat(rows).extracting(g -> g.getLong("id", 0)).containsExactly(12_345L);
    // Footer, column/offset indexes and one row group: a fraction of the file.
    assertThat(storage.bytesRead()).isLessThan(fileSize / 4);
  }

  @Test
  void bloomFilterIsWrittenForTheNamedColumn() throws IOException {
    write(
        "t/b.parquet", 1_000, ParquetWriteOptions.defaults().withBloomFilterColumns(Set.of("id")));
    InputFile file = ParquetFiles.inputFile(storage, "t/b.parquet");

    try (var reader = ParquetFiles.openFile(file, FilterCompat.NOOP)) {
      BlockMetaData block = reader.getFooter().getBlocks().getFirst();
      var idColumn = block.getColumns().getFirst();
      var bloom = reader.getBloomFilterDataReader(block).readBloomFilter(idColumn);
      assertThat(bloom).isNotNull();
      assertThat(bloom.findHash(bloom.hash(500L))).isTrue();
      assertThat(block.getColumns().get(1).getBloomFilterOffset()).isEqualTo(-1);
    }
  }

  @Test
  void footerReadFetchesOnlyTheTailOfTheFile() throws IOException {
    write(
        "t/big.parquet",
        20_000,
        ParquetWriteOptions.defaults().withCodec(ParquetCodec.UNCOMPRESSED));
    long fileSize = storage.stat("t/big.parquet").orElseThrow().size();
    assertThat(fileSize).isGreaterThan(1_000_000);
    storage.resetCounters();

    ParquetFiles.footer(ParquetFiles.inputFile(storage, "t/big.parquet", fileSize));

    assertThat(storage.bytesRead()).isLessThanOrEqualTo(64 * 1024);
    assertThat(storage.rangeReads()).isEqualTo(1);
  }

  @Test
  void openingAMissingFileNamesIt() {
    assertThatThrownBy(() -> ParquetFiles.inputFile(storage, "t/missing.parquet"))
        .isInstanceOf(StorageFileNotFoundException.class)
        .hasMessageContaining("t/missing.parquet");
  }

  @Test
  void readingAFileThatIsNotParquetFailsWithItsName() {
    storage.overwrite("t/not.parquet", "hello, this is not parquet at all".getBytes());

    assertThatThrownBy(() -> ParquetFiles.footer(ParquetFiles.inputFile(storage, "t/not.parquet")))
        .isInstanceOf(ParquetFileException.class)
        .hasMessageStartingWith("Cannot open Parquet file t/not.parquet");
  }

  @Test
  void unsupportedCodecIsRejectedByName() {
    assertThatThrownBy(() -> ParquetCodec.of(CompressionCodecName.GZIP))
        .isInstanceOf(ParquetFileException.class)
        .hasMessageContaining("unsupported codec GZIP");
  }

  @Test
  void optionsRejectAnOutOfRangeZstdLevel() {
    assertThatThrownBy(() -> ParquetWriteOptions.defaults().withZstdLevel(23))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot configure Parquet writer: zstd level 23 is outside 1..22");
  }

  private void write(String path, int rows, ParquetWriteOptions options) throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    Random random = new Random(rows);
    try (ParquetWriter<Group> writer = ParquetFiles.groupWriter(storage, path, SCHEMA, options)) {
      for (int i = 0; i < rows; i++) {
        Group row = groups.newGroup().append("id", (long) i);
        if (i % 2 == 1) {
          row.append("name", "name-" + i);
        }
        byte[] blob = new byte[64];
        random.nextBytes(blob);
        row.append("blob", Binary.fromConstantByteArray(blob));
        writer.write(row);
      }
    }
  }

  private List<Group> readAll(String path, MessageType projection, FilterCompat.Filter filter)
      throws IOException {
    List<Group> rows = new ArrayList<>();
    try (ParquetReader<Group> reader =
        ParquetFiles.groupReader(storage, path, projection, filter)) {
      for (Group row = reader.read(); row != null; row = reader.read()) {
        rows.add(row);
      }
    }
    return rows;
  }
}
