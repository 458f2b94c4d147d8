package dev.mongolake.delta.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The behaviour every {@link Storage} backend must show. A backend's test extends this class and
 * supplies a fresh, empty storage per test; it ships in deltalake's test-jar so that backends in
 * other modules run it too.
 */
public abstract class StorageContractTest {

  /** A new, empty storage; closed after each test. */
  protected abstract Storage newStorage();

  /** Size of the file the large-output test streams; backends with multipart uploads raise it. */
  protected int largeOutputSize() {
    return 3 * 1024 * 1024 + 17;
  }

  protected Storage storage;

  @BeforeEach
  void openStorage() {
    storage = newStorage();
  }

  @AfterEach
  void closeStorage() {
    storage.close();
  }

  // --- read and readRange ---

  @Test
  void readReturnsTheBytesWritten() {
    storage.writeIfAbsent("t/a.json", bytes("hello"));

    assertThat(storage.read("t/a.json")).isEqualTo(bytes("hello"));
  }

  @Test
  void readOfMissingFileThrowsNotFoundNamingThePath() {
    assertThatThrownBy(() -> storage.read("t/missing.json"))
        .isInstanceOf(StorageFileNotFoundException.class)
        .hasMessageContaining("t/missing.json")
        .satisfies(
            e -> assertThat(((StorageFileNotFoundException) e).path()).isEqualTo("t/missing.json"));
  }

  @Test
  void emptyFilesAreStoredAndRead() {
    assertThat(storage.writeIfAbsent("t/empty", new byte[0])).isTrue();

    assertThat(storage.read("t/empty")).isEmpty();
    assertThat(storage.readRange("t/empty", 0, 10)).isEmpty();
    assertThat(storage.stat("t/empty")).get().extracting(FileEntry::size).isEqualTo(0L);
  }

  @Test
  void readRangeReturnsTheRequestedSlice() {
    storage.writeIfAbsent("t/r", bytes("0123456789"));

    assertThat(storage.readRange("t/r", 2, 3)).isEqualTo(bytes("234"));
    assertThat(storage.readRange("t/r", 0, 10)).isEqualTo(bytes("0123456789"));
    assertThat(storage.readRange("t/r", 4, 0)).isEmpty();
  }

  @Test
  void readRangeIsShortOnlyAtTheEndOfTheFile() {
    storage.writeIfAbsent("t/r", bytes("0123456789"));

    assertThat(storage.readRange("t/r", 7, 100)).isEqualTo(bytes("789"));
    assertThat(storage.readRange("t/r", 10, 5)).isEmpty();
    assertThat(storage.readRange("t/r", 1000, 5)).isEmpty();
  }

  @Test
  void readRangeOfMissingFileThrowsNotFound() {
    assertThatThrownBy(() -> storage.readRange("t/missing", 0, 4))
        .isInstanceOf(StorageFileNotFoundException.class)
        .hasMessageContaining("t/missing");
  }

  @Test
  void readRangeRefusesNegativeArguments() {
    storage.writeIfAbsent("t/r", bytes("0123456789"));

    assertThatThrownBy(() -> storage.readRange("t/r", -1, 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot read a range of 't/r': offset -1 and length 4 must not be negative");
    assertThatThrownBy(() -> storage.readRange("t/r", 0, -4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("length -4");
  }

  // --- writeIfAbsent and overwrite ---

  @Test
  void writeIfAbsentCreatesOnceAndNeverReplaces() {
    assertThat(storage.writeIfAbsent("t/_delta_log/00000000000000000000.json", bytes("first")))
        .isTrue();
    assertThat(storage.writeIfAbsent("t/_delta_log/00000000000000000000.json", bytes("second")))
        .isFalse();

    assertThat(storage.read("t/_delta_log/00000000000000000000.json")).isEqualTo(bytes("first"));
  }

  @Test
  void writeIfAbsentSucceedsAgainAfterDelete() {
    storage.writeIfAbsent("t/x", bytes("one"));
    storage.delete("t/x");

    assertThat(storage.writeIfAbsent("t/x", bytes("two"))).isTrue();
    assertThat(storage.read("t/x")).isEqualTo(bytes("two"));
  }

  @Test
  void overwriteCreatesAndReplaces() {
    storage.overwrite("t/_last_checkpoint", bytes("{\"version\":10}"));
    storage.overwrite("t/_last_checkpoint", bytes("{\"version\":20}"));

    assertThat(storage.read("t/_last_checkpoint")).isEqualTo(bytes("{\"version\":20}"));
    assertThat(storage.list("t/", ""))
        .extracting(FileEntry::path)
        .containsExactly("t/_last_checkpoint");
  }

  @Test
  void overwritePrivateCreatesAndReplacesAsOverwriteDoes() {
    storage.overwrite("t/users.json", bytes("{\"users\":[]}"));
    storage.overwritePrivate("t/users.json", bytes("{\"users\":[1]}"));
    storage.overwritePrivate("t/roles.json", bytes("{\"roles\":[]}"));

    assertThat(storage.read("t/users.json")).isEqualTo(bytes("{\"users\":[1]}"));
    assertThat(storage.read("t/roles.json")).isEqualTo(bytes("{\"roles\":[]}"));
    assertThat(storage.list("t/", ""))
        .extracting(FileEntry::path)
        .containsExactly("t/roles.json", "t/users.json");
  }

  @Test
  void storedBytesAreNotAliasedToTheCallersArray() {
    byte[] data = bytes("abc");
    storage.writeIfAbsent("t/a", data);
    data[0] = 'X';

    byte[] read = storage.read("t/a");
    read[1] = 'Y';

    assertThat(storage.read("t/a")).isEqualTo(bytes("abc"));
  }

  @Test
  void sixteenThreadsRacingOnWriteIfAbsentHaveExactlyOneWinner() throws Exception {
    int writers = 16;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      for (int round = 0; round < 5; round++) {
        String path = "race/_delta_log/%020d.json".formatted(round);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> outcomes = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
          byte[] content = bytes("writer " + w + " of round " + round);
          outcomes.add(
              pool.submit(
                  () -> {
                    start.await();
                    return storage.writeIfAbsent(path, content);
                  }));
        }
        start.countDown();
        List<Integer> winners = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
          if (outcomes.get(w).get()) {
            winners.add(w);
          }
        }

        assertThat(winners).as("winners of round %d", round).hasSize(1);
        assertThat(storage.read(path))
            .asString(UTF_8)
            .isEqualTo("writer " + winners.get(0) + " of round " + round);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  // --- list ---

  @Test
  void listReturnsFilesUnderThePrefixInLexicographicOrderIncludingNestedFolders() {
    writeAll(
        "t/_delta_log/00000000000000000002.json",
        "t/_delta_log/00000000000000000000.json",
        "t/_delta_log/_sidecars/s1.parquet",
        "t/_delta_log/00000000000000000001.json",
        "t/part-0001.parquet",
        "t2/_delta_log/00000000000000000000.json",
        "t-a/x");

    assertThat(paths(storage.list("t/", "")))
        .containsExactly(
            "t/_delta_log/00000000000000000000.json",
            "t/_delta_log/00000000000000000001.json",
            "t/_delta_log/00000000000000000002.json",
            "t/_delta_log/_sidecars/s1.parquet",
            "t/part-0001.parquet");
    assertThat(paths(storage.list("", "")))
        .containsExactly(
            "t-a/x",
            "t/_delta_log/00000000000000000000.json",
            "t/_delta_log/00000000000000000001.json",
            "t/_delta_log/00000000000000000002.json",
            "t/_delta_log/_sidecars/s1.parquet",
            "t/part-0001.parquet",
            "t2/_delta_log/00000000000000000000.json");
  }

  @Test
  void listOrdersByWholePathNotFolderByFolder() {
    // '-' (0x2D) < '/' (0x2F) < '0' (0x30): a folder's files sort between these siblings.
    writeAll("a0", "a/b", "a-b", "a/a/z", "a!");

    assertThat(paths(storage.list("a", ""))).containsExactly("a!", "a-b", "a/a/z", "a/b", "a0");
  }

  @Test
  void listWithAPartialFileNamePrefixMatchesOnlyThoseNames() {
    writeAll(
        "t/_delta_log/00000000000000000009.json",
        "t/_delta_log/00000000000000000010.checkpoint.parquet",
        "t/_delta_log/00000000000000000010.json",
        "t/_delta_log/00000000000000000011.json",
        "t/_delta_log/_last_checkpoint");

    assertThat(paths(storage.list("t/_delta_log/0000000000000000001", "")))
        .containsExactly(
            "t/_delta_log/00000000000000000010.checkpoint.parquet",
            "t/_delta_log/00000000000000000010.json",
            "t/_delta_log/00000000000000000011.json");
  }

  @Test
  void listStartsAtStartAtInclusively() {
    for (int v = 0; v < 12; v++) {
      storage.writeIfAbsent("t/_delta_log/%020d.json".formatted(v), bytes("v" + v));
    }
    storage.writeIfAbsent("t/_delta_log/_sidecars/s.parquet", bytes("s"));

    assertThat(paths(storage.list("t/_delta_log/", "t/_delta_log/00000000000000000010.json")))
        .containsExactly(
            "t/_delta_log/00000000000000000010.json",
            "t/_delta_log/00000000000000000011.json",
            "t/_delta_log/_sidecars/s.parquet");
    assertThat(paths(storage.list("t/_delta_log/", "t/_delta_log/00000000000000000010.jsox")))
        .containsExactly(
            "t/_delta_log/00000000000000000011.json", "t/_delta_log/_sidecars/s.parquet");
    assertThat(storage.list("t/_delta_log/", "t/_delta_log/zzz")).isEmpty();
  }

  @Test
  void listStartAtCanPointInsideANestedFolder() {
    writeAll("t/a/1", "t/a/2", "t/a/b/1", "t/a!", "t/a0", "t/b/1");

    assertThat(paths(storage.list("t/", "t/a/2")))
        .containsExactly("t/a/2", "t/a/b/1", "t/a0", "t/b/1");
    assertThat(paths(storage.list("t/", "t/a/b/"))).containsExactly("t/a/b/1", "t/a0", "t/b/1");
    assertThat(paths(storage.list("t/", "t/a\\"))).containsExactly("t/b/1");
    assertThat(paths(storage.list("t/", "t/a")))
        .containsExactly("t/a!", "t/a/1", "t/a/2", "t/a/b/1", "t/a0", "t/b/1");
    assertThat(storage.list("t/", "u")).isEmpty();
  }

  @Test
  void listStartAtBeforeThePrefixListsFromThePrefix() {
    writeAll("a/1", "b/1", "b/2");

    assertThat(paths(storage.list("b/", "a/9"))).containsExactly("b/1", "b/2");
  }

  @Test
  void listHidesDotFilesAndDotFolders() {
    writeAll(
        "t/_delta_log/00000000000000000000.json",
        "t/_delta_log/.00000000000000000000.json.crc",
        "t/_delta_log/.00000000000000000001.json.8f3a.tmp",
        "t/.hidden/part-1.parquet");

    assertThat(paths(storage.list("t/", "")))
        .containsExactly("t/_delta_log/00000000000000000000.json");
    assertThat(storage.stat("t/_delta_log/.00000000000000000000.json.crc")).isPresent();
  }

  @Test
  void listOfAPrefixThatMatchesNothingIsEmpty() {
    writeAll("t/a");

    assertThat(storage.list("missing/_delta_log/", "")).isEmpty();
    assertThat(storage.list("t/a/", "")).isEmpty();
    assertThat(storage.list("u", "")).isEmpty();
  }

  @Test
  void listReportsTheSameSizeAndTimeAsStat() {
    storage.writeIfAbsent("t/a", bytes("12345"));

    FileEntry listed = storage.list("t/", "").getFirst();

    assertThat(listed.size()).isEqualTo(5);
    assertThat(storage.stat("t/a")).contains(listed);
  }

  // --- stat and delete ---

  @Test
  void statReportsPathSizeAndModificationTime() {
    long before = System.currentTimeMillis();
    storage.writeIfAbsent("t/a", bytes("12345"));

    FileEntry entry = storage.stat("t/a").orElseThrow();

    assertThat(entry.path()).isEqualTo("t/a");
    assertThat(entry.size()).isEqualTo(5);
    // Stores keep whole seconds at least; a day either way only rules out a unit mistake.
    assertThat(entry.modificationTime()).isBetween(before - 86_400_000L, before + 86_400_000L);
  }

  @Test
  void statOfMissingFileIsEmpty() {
    writeAll("t/a/b");

    assertThat(storage.stat("t/missing")).isEmpty();
    assertThat(storage.stat("t/a")).as("a folder is not a file").isEmpty();
  }

  @Test
  void deleteRemovesTheFileAndReportsWhetherItExisted() {
    writeAll("t/a", "t/b");

    assertThat(storage.delete("t/a")).isTrue();
    assertThat(storage.delete("t/a")).isFalse();
    assertThat(storage.stat("t/a")).isEmpty();
    assertThat(paths(storage.list("t/", ""))).containsExactly("t/b");
  }

  // --- openOutput ---

  @Test
  void openOutputIsInvisibleUntilClosed() throws IOException {
    try (OutputStream out = storage.openOutput("t/part-1.parquet")) {
      out.write(bytes("PAR1"));
      out.write('x');

      assertThat(storage.stat("t/part-1.parquet")).isEmpty();
      assertThat(storage.list("t/", "")).isEmpty();
    }

    assertThat(storage.read("t/part-1.parquet")).isEqualTo(bytes("PAR1x"));
  }

  @Test
  void openOutputReplacesAnExistingFileOnlyOnClose() throws IOException {
    storage.overwrite("t/f", bytes("old"));

    try (OutputStream out = storage.openOutput("t/f")) {
      out.write(bytes("new content"));
      assertThat(storage.read("t/f")).isEqualTo(bytes("old"));
    }

    assertThat(storage.read("t/f")).isEqualTo(bytes("new content"));
  }

  @Test
  void openOutputStreamsLargeFilesWhole() throws IOException {
    byte[] data = new byte[largeOutputSize()];
    new Random(42).nextBytes(data);

    try (OutputStream out = storage.openOutput("t/big.parquet")) {
      for (int offset = 0; offset < data.length; offset += 100_000) {
        out.write(data, offset, Math.min(100_000, data.length - offset));
      }
    }

    assertThat(storage.stat("t/big.parquet"))
        .get()
        .extracting(FileEntry::size)
        .isEqualTo((long) data.length);
    assertThat(storage.read("t/big.parquet")).isEqualTo(data);
    assertThat(storage.readRange("t/big.parquet", data.length - 10, 100))
        .isEqualTo(java.util.Arrays.copyOfRange(data, data.length - 10, data.length));
  }

  @Test
  void closingAnOutputTwiceIsHarmless() throws IOException {
    OutputStream out = storage.openOutput("t/f");
    out.write(bytes("once"));
    out.close();
    out.close();

    assertThat(storage.read("t/f")).isEqualTo(bytes("once"));
  }

  // --- hostile paths ---

  static Stream<String> hostilePaths() {
    return Stream.of("../x", "/etc/passwd", "a/../../b", "a\\b", "a\0b", "a//b", "./a", "a/.", "");
  }

  @ParameterizedTest
  @MethodSource("hostilePaths")
  void everyOperationRefusesAHostilePath(String path) {
    List<Consumer<String>> operations =
        List.of(
            p -> storage.read(p),
            p -> storage.readRange(p, 0, 1),
            p -> storage.writeIfAbsent(p, bytes("x")),
            p -> storage.overwrite(p, bytes("x")),
            p -> storage.overwritePrivate(p, bytes("x")),
            p -> storage.openOutput(p),
            p -> storage.stat(p),
            p -> storage.delete(p));
    for (Consumer<String> operation : operations) {
      assertThatThrownBy(() -> operation.accept(path))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("Cannot use storage path '");
    }
    assertThat(storage.list("", "")).isEmpty();
  }

  @Test
  void pathValidationMessagesNameThePathAndTheReason() {
    assertThatThrownBy(() -> storage.read("a/../../b"))
        .hasMessage("Cannot use storage path 'a/../../b': it contains a '..' segment");
    assertThatThrownBy(() -> storage.read("/etc/passwd"))
        .hasMessage("Cannot use storage path '/etc/passwd': it starts with '/'");
    assertThatThrownBy(() -> storage.read("a\\b"))
        .hasMessage("Cannot use storage path 'a\\b': it contains a backslash");
    assertThatThrownBy(() -> storage.read("a\0b"))
        .hasMessage("Cannot use storage path 'a\\0b': it contains a NUL character");
  }

  @Test
  void listRefusesAHostilePrefix() {
    for (String prefix : List.of("../", "/etc/", "a/../../", "a\\", "a//", "..")) {
      assertThatThrownBy(() -> storage.list(prefix, ""))
          .as(prefix)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("Cannot use storage path '");
    }
  }

  // --- helpers ---

  protected static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  protected void writeAll(String... paths) {
    for (String path : paths) {
      assertThat(storage.writeIfAbsent(path, bytes(path))).as(path).isTrue();
    }
  }

  protected static List<String> paths(List<FileEntry> entries) {
    return entries.stream().map(FileEntry::path).toList();
  }
}
