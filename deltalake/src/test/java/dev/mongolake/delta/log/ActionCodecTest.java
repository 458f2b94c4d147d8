package dev.mongolake.delta.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.delta.exceptions.DeltaException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActionCodecTest {

  @Test
  void everyActionRoundTrips() {
    List<Action> actions =
        List.of(
            new CommitInfo(Map.of("inCommitTimestamp", 1_700_000_000_000L, "operation", "WRITE")),
            new Protocol(3, 7, List.of("variantType"), List.of("variantType", "appendOnly")),
            new Metadata(
                "id-1",
                "t",
                null,
                Format.PARQUET,
                "{\"type\":\"struct\",\"fields\":[]}",
                List.of("d"),
                Map.of("k", "v"),
                7L),
            new AddFile(
                "a%20b.parquet",
                Map.of("d", "x"),
                10,
                11,
                true,
                "{\"numRecords\":1}",
                Map.of("t", "1"),
                new DeletionVectorDescriptor("u", "ab^-aqEH.-t@S}K{vb[*k^", 4, 40, 6, null),
                1L,
                2L,
                null),
            new RemoveFile(
                "b.parquet", 12L, true, true, Map.of("d", "x"), 10L, null, null, null, null, null),
            new AddCdcFile("_change_data/c.parquet", Map.of(), 3, false, null),
            new SetTransaction("app", 9, 13L),
            new DomainMetadata("mongolake.x", "{}", false),
            new CheckpointMetadata(4, null),
            new Sidecar("s.parquet", 1, 2, null));
    byte[] encoded = ActionCodec.encode(actions);
    assertThat(ActionCodec.parse(encoded, "test")).isEqualTo(actions);
    assertThat(new String(encoded, StandardCharsets.UTF_8).lines()).hasSize(actions.size());
  }

  @Test
  void unknownFieldsAndActionsAreIgnoredAndCommitInfoKeepsEverything() {
    String log =
        """
        {"commitInfo":{"timestamp":1,"custom":{"nested":[1,2]},"operation":"MERGE"}}
        {"futureAction":{"x":1}}

        {"add":{"path":"p","partitionValues":{"d":null},"size":1,"modificationTime":2,"dataChange":true,"newField":"y"}}
        """;
    List<Action> actions = ActionCodec.parse(log.getBytes(StandardCharsets.UTF_8), "v1");
    assertThat(actions).hasSize(2);
    CommitInfo info = (CommitInfo) actions.get(0);
    assertThat(info.values()).containsKeys("timestamp", "custom");
    assertThat(info.operation()).hasValue("MERGE");
    AddFile add = (AddFile) actions.get(1);
    assertThat(add.partitionValues()).containsEntry("d", null);
  }

  @Test
  void aMalformedLineNamesTheFileAndLine() {
    assertThatThrownBy(
            () ->
                ActionCodec.parse(
                    "{\"add\":{}}\n{oops".getBytes(StandardCharsets.UTF_8), "00.json"))
        .isInstanceOf(DeltaException.class)
        .hasMessage("Cannot read 00.json line 1: add action has no path");
    assertThatThrownBy(() -> ActionCodec.parse("{oops".getBytes(StandardCharsets.UTF_8), "00.json"))
        .isInstanceOf(DeltaException.class)
        .hasMessage("Cannot read 00.json: line 1 is not valid JSON");
  }

  @Test
  void deletionVectorsKeyLogicalFiles() {
    DeletionVectorDescriptor inline = new DeletionVectorDescriptor("i", "wi5b", null, 40, 6, null);
    DeletionVectorDescriptor onDisk = new DeletionVectorDescriptor("u", "ab", 4, 40, 6, null);
    assertThat(inline.uniqueId()).isEqualTo("iwi5b");
    assertThat(onDisk.uniqueId()).isEqualTo("uab@4");
    AddFile plain = AddFile.of("p", Map.of(), 1, 1, null);
    assertThat(plain.key()).isEqualTo(new FileKey("p", null));
  }

  @Test
  void filePathsDecodeUrisAndResolveAgainstTheTable() {
    assertThat(FilePaths.decode("a%20b/c%3Dd.parquet")).isEqualTo("a b/c=d.parquet");
    assertThat(FilePaths.decode("file:/tmp/x%20y.parquet")).isEqualTo("/tmp/x y.parquet");
    assertThat(FilePaths.isAbsolute("file:/tmp/x")).isTrue();
    assertThat(FilePaths.isAbsolute("d=a:b/x")).isFalse();
    assertThat(FilePaths.toStoragePath("db/t", "d%3D1/x.parquet")).isEqualTo("db/t/d=1/x.parquet");
    assertThat(FilePaths.encode("day=a b/x.parquet")).isEqualTo("day=a%20b/x.parquet");
  }
}
