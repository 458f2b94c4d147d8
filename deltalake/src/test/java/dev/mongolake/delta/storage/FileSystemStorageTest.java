package dev.mongolake.delta.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemStorageTest extends StorageContractTest {

  @TempDir Path temp;

  @Override
  protected Storage newStorage() {
    return new FileSystemStorage(temp.resolve("root"));
  }

  private Path root() {
    return ((FileSystemStorage) storage).root();
  }

  @Test
  void storagePathsMapToFilesBelowTheRoot() {
    storage.writeIfAbsent("users/_delta_log/00000000000000000000.json", bytes("{}"));

    assertThat(root().resolve("users/_delta_log/00000000000000000000.json")).hasContent("{}");
  }

  @Test
  void writesLeaveNoTemporaryFilesBehind() throws IOException {
    storage.writeIfAbsent("t/a", bytes("1"));
    storage.writeIfAbsent("t/a", bytes("2"));
    storage.overwrite("t/b", bytes("3"));
    try (OutputStream out = storage.openOutput("t/c")) {
      out.write(bytes("4"));
    }

    try (Stream<Path> files = Files.list(root().resolve("t"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("a", "b", "c");
    }
  }

  @Test
  void privateFilesAreReadableAndWritableByTheirOwnerOnly() throws IOException {
    assumeTrue(posix());
    storage.overwritePrivate("_catalog/users.json", bytes("{}"));

    assertThat(permissions("_catalog/users.json")).isEqualTo("rw-------");
  }

  @Test
  void aPrivateWriteTightensAFileOthersCouldRead() throws IOException {
    assumeTrue(posix());
    storage.overwrite("_catalog/users.json", bytes("{}"));
    Path file = root().resolve("_catalog/users.json");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    storage.overwritePrivate("_catalog/users.json", bytes("{\"users\":[]}"));

    assertThat(permissions("_catalog/users.json")).isEqualTo("rw-------");
    assertThat(file).hasContent("{\"users\":[]}");
    try (Stream<Path> files = Files.list(root().resolve("_catalog"))) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("users.json");
    }
  }

  private boolean posix() {
    return temp.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  private String permissions(String path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(root().resolve(path)));
  }

  @Test
  void temporaryFilesLeftByACrashAreNeitherListedNorInTheWay() throws IOException {
    Path log = Files.createDirectories(root().resolve("t/_delta_log"));
    Files.writeString(log.resolve(".00000000000000000000.json.5d1c.tmp"), "torn");

    assertThat(storage.list("t/", "")).isEmpty();
    assertThat(storage.writeIfAbsent("t/_delta_log/00000000000000000000.json", bytes("{}")))
        .isTrue();
    assertThat(paths(storage.list("t/", "")))
        .containsExactly("t/_delta_log/00000000000000000000.json");
  }

  @Test
  void aFailedOutputLeavesTheTargetUnchanged() throws IOException {
    storage.overwrite("t/f", bytes("old"));
    OutputStream out = storage.openOutput("t/f");
    out.write(bytes("partial"));
    // The stream's folder vanishes under it: closing must fail and publish nothing.
    Path moved = temp.resolve("moved");
    Files.move(root().resolve("t"), moved);

    assertThatThrownBy(out::close).isInstanceOf(IOException.class);
    Files.move(moved, root().resolve("t"));
    assertThat(storage.read("t/f")).isEqualTo(bytes("old"));
  }

  @Test
  void hostilePathsCreateNothingOutsideTheRoot() {
    for (String hostile : List.of("../escaped", "a/../../escaped")) {
      assertThatThrownBy(() -> storage.writeIfAbsent(hostile, bytes("x")))
          .isInstanceOf(IllegalArgumentException.class);
    }

    assertThat(temp.resolve("escaped")).doesNotExist();
    assertThat(temp.resolve("root")).doesNotExist();
  }

  @Test
  void aMissingRootListsAsEmptyAndReadsAsNotFound() {
    assertThat(storage.list("", "")).isEmpty();
    assertThatThrownBy(() -> storage.read("t/a")).isInstanceOf(StorageFileNotFoundException.class);
  }

  @Test
  void readingAFolderIsNotFound() {
    storage.writeIfAbsent("t/a/b", bytes("x"));

    assertThatThrownBy(() -> storage.read("t/a"))
        .isInstanceOf(StorageFileNotFoundException.class)
        .hasMessage("Cannot read t/a: no such file");
    assertThat(storage.delete("t/a")).isFalse();
  }

  @Test
  void theDefaultRootIsDotDeltalakeInTheWorkingDirectory() {
    assertThat(FileSystemStorage.atDefaultRoot().root())
        .isEqualTo(Path.of("").toAbsolutePath().resolve(".deltalake"));
  }

  @Test
  void twoProcessesRacingOnWriteIfAbsentNeverBothWin() throws Exception {
    Path shared = temp.resolve("shared");
    try (Storage check = new FileSystemStorage(shared)) {
      List<Integer> wins =
          WriteIfAbsentProcessRace.raceAndCheck(shared.toString(), check, 2, 300, temp);

      assertThat(wins.stream().mapToInt(Integer::intValue).sum()).isEqualTo(300);
    }
  }

  @Test
  void aWriterKilledMidwayLeavesNoVisibleLeftoversAndOthersCarryOn() throws Exception {
    Path shared = temp.resolve("killed");
    int padding = 256 * 1024;
    Process writer =
        new ProcessBuilder(
                ProcessHandle.current().info().command().orElseThrow(),
                "-cp",
                System.getProperty("java.class.path"),
                WriteIfAbsentRaceChild.class.getName(),
                shared.toString(),
                "victim",
                "100000",
                Integer.toString(padding))
            .redirectError(temp.resolve("victim.err").toFile())
            .start();
    try (Storage check = new FileSystemStorage(shared)) {
      assertThat(new String(writer.getInputStream().readNBytes(6), UTF_8)).isEqualTo("READY\n");
      writer.getOutputStream().write('\n');
      writer.getOutputStream().flush();
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> check.list("t/_delta_log/", "").size() >= 20);

      writer.destroyForcibly(); // SIGKILL: no shutdown hooks, no finally blocks
      assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();

      List<FileEntry> survivors = check.list("t/_delta_log/", "");
      for (int n = 0; n < survivors.size(); n++) {
        assertThat(survivors.get(n).path()).isEqualTo(WriteIfAbsentRaceChild.commitPath(n));
        assertThat(check.read(survivors.get(n).path()))
            .asString(UTF_8)
            .isEqualTo(WriteIfAbsentRaceChild.content("victim", n, padding));
      }
      int next = survivors.size();
      assertThat(check.writeIfAbsent(WriteIfAbsentRaceChild.commitPath(next), bytes("after")))
          .isTrue();
    } finally {
      writer.destroyForcibly();
    }
  }
}
