package dev.mongolake.delta.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
    int commits = 300;
    List<Process> racers = new ArrayList<>();
    List<BufferedReader> outputs = new ArrayList<>();
    try {
      for (String id : List.of("a", "b")) {
        Process racer =
            new ProcessBuilder(
                    ProcessHandle.current().info().command().orElseThrow(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    WriteIfAbsentRaceChild.class.getName(),
                    shared.toString(),
                    id,
                    Integer.toString(commits))
                .redirectError(temp.resolve("racer-" + id + ".err").toFile())
                .start();
        racers.add(racer);
        BufferedReader output =
            new BufferedReader(new InputStreamReader(racer.getInputStream(), UTF_8));
        outputs.add(output);
      }
      for (BufferedReader output : outputs) {
        assertThat(output.readLine()).isEqualTo("READY");
      }
      for (Process racer : racers) {
        racer.getOutputStream().write('\n');
        racer.getOutputStream().flush();
      }
      List<Set<Integer>> wins = new ArrayList<>();
      for (BufferedReader output : outputs) {
        Set<Integer> won = new HashSet<>();
        for (String line = output.readLine(); !"DONE".equals(line); line = output.readLine()) {
          assertThat(line).as("racer output").startsWith("WON ");
          won.add(Integer.parseInt(line.substring(4)));
        }
        wins.add(won);
      }
      for (Process racer : racers) {
        assertThat(racer.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(racer.exitValue()).isZero();
      }

      Set<Integer> both = new HashSet<>(wins.get(0));
      both.retainAll(wins.get(1));
      assertThat(both).as("commits both processes claim to have written").isEmpty();
      try (Storage check = new FileSystemStorage(shared)) {
        for (int n = 0; n < commits; n++) {
          String winner = wins.get(0).contains(n) ? "a" : wins.get(1).contains(n) ? "b" : null;
          assertThat(winner).as("winner of commit %d", n).isNotNull();
          assertThat(check.read(WriteIfAbsentRaceChild.commitPath(n)))
              .asString(UTF_8)
              .isEqualTo(WriteIfAbsentRaceChild.content(winner, n));
        }
        assertThat(check.list("t/_delta_log/", "")).hasSize(commits);
      }
    } finally {
      racers.forEach(Process::destroyForcibly);
    }
  }
}
