package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cuts a small log at every byte position and reopens it. */
class TruncationTest {
  @TempDir Path dir;

  private static final DaktiloOptions OPTIONS =
      DaktiloOptions.defaults().withSegmentSize(1024).withDurability(Durability.ASYNC);

  /** Writes singles and one batch; returns the end offset of each committed unit. */
  private static List<long[]> writeSmallLog(Path dir) {
    List<long[]> commits = new ArrayList<>(); // {endOffset, lastSequence}
    long offset = 64;
    try (Daktilo log = Daktilo.open(dir, OPTIONS)) {
      for (int i = 1; i <= 4; i++) {
        log.append(Payloads.forSequence(i, i * 3));
        offset += 18 + i * 3;
        commits.add(new long[] {offset, i});
      }
      log.appendMany(
          List.of(
              Payloads.forSequence(5, 7), Payloads.forSequence(6, 0), Payloads.forSequence(7, 9)));
      offset += 3 * 18 + 16;
      commits.add(new long[] {offset, 7});
      log.append(Payloads.forSequence(8, 11));
      offset += 18 + 11;
      commits.add(new long[] {offset, 8});
    }
    return commits;
  }

  private static byte[] expectedPayload(long seq) {
    int size = seq <= 4 ? (int) seq * 3 : seq == 5 ? 7 : seq == 6 ? 0 : seq == 7 ? 9 : 11;
    return Payloads.forSequence(seq, size);
  }

  @Test
  void cuttingTheActiveSegmentAnywhereKeepsExactlyTheCompleteRecordsBeforeTheCut()
      throws IOException {
    Path source = dir.resolve("source");
    List<long[]> commits = writeSmallLog(source);
    Path segment = source.resolve("00000000000000000001.log");
    byte[] pristine = Files.readAllBytes(segment);
    long dataEnd = commits.get(commits.size() - 1)[0];
    Path work = dir.resolve("work");
    for (int cut = 0; cut <= dataEnd + 20; cut++) {
      Files.createDirectories(work);
      Path file = work.resolve(segment.getFileName());
      Files.write(file, Arrays.copyOf(pristine, cut));
      if (cut < 64) {
        assertThatThrownBy(() -> Daktilo.open(work, OPTIONS).close())
            .as("cut at %d", cut)
            .isInstanceOf(CorruptionException.class)
            .hasMessageContaining("shorter than its 64-byte header");
      } else {
        long expectedLast = 0;
        for (long[] c : commits) {
          if (c[0] <= cut) {
            expectedLast = c[1];
          }
        }
        try (Daktilo log = Daktilo.open(work, OPTIONS)) {
          assertThat(log.lastSequence()).as("cut at %d", cut).isEqualTo(expectedLast);
          for (long s = 1; s <= expectedLast; s++) {
            assertThat(log.read(s).payload()).isEqualTo(expectedPayload(s));
          }
          if (cut % 16 == 0) {
            assertThat(log.append(Payloads.of("new"))).isEqualTo(expectedLast + 1);
          }
        }
        assertThat(LogVerifier.verify(work).ok()).as("verify after reopen, cut %d", cut).isTrue();
      }
      deleteRecursively(work);
    }
  }

  @Test
  void cuttingASealedSegmentAnywhereIsCorruption() throws IOException {
    Path source = dir.resolve("source");
    try (Daktilo log = Daktilo.open(source, OPTIONS)) {
      for (int i = 1; i <= 60; i++) {
        log.append(Payloads.forSequence(i, 20));
      }
    }
    Path sealed = source.resolve("00000000000000000001.log");
    byte[] pristine = Files.readAllBytes(sealed);
    assertThat(pristine.length).isLessThan(1024);
    Path work = dir.resolve("work");
    copyLog(source, work);
    for (int cut = 0; cut < pristine.length; cut++) {
      // Opening fails at the sealed segment before it touches anything else.
      Files.write(work.resolve(sealed.getFileName()), Arrays.copyOf(pristine, cut));
      assertThatThrownBy(() -> Daktilo.open(work, OPTIONS).close())
          .as("cut at %d", cut)
          .isInstanceOf(CorruptionException.class);
      assertThat(LogVerifier.verify(work).ok()).as("verify, cut %d", cut).isFalse();
    }
  }

  static void copyLog(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (var files = Files.list(from)) {
      for (Path p : files.toList()) {
        Files.copy(p, to.resolve(p.getFileName()));
      }
    }
  }

  static void deleteRecursively(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      try (var files = Files.list(path)) {
        for (Path p : files.toList()) {
          deleteRecursively(p);
        }
      }
    }
    Files.deleteIfExists(path);
  }
}
