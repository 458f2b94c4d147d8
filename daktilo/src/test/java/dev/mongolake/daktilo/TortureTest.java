package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL torture: a child JVM appends in BATCH mode from several threads and prints each
 * acknowledged sequence with its payload's CRC; the parent kills it ({@code destroyForcibly()},
 * SIGKILL) after a random delay, reopens the log and checks that every record ever acknowledged is
 * present and intact and that sequences are contiguous. 50 cycles by default ({@code
 * -Dtorture.cycles=N} for more, {@code -Dtorture.seed=S} to replay).
 *
 * <p>The recycling variant appends in ASYNC mode (acknowledged once in the page cache, which a
 * SIGKILL does not lose) while a consumer checkpoints and compacts all the time, so new segments
 * are mostly recycled files full of stale frames: no stale frame may ever come back as a record.
 */
class TortureTest {
  @TempDir Path dir;

  @Test
  void everyAcknowledgedRecordSurvivesSigkill() throws Exception {
    torture(
        Integer.getInteger("torture.cycles", 50),
        "batch",
        DaktiloOptions.defaults().withSegmentSize(48 * 1024));
  }

  @Test
  void everyAcknowledgedRecordSurvivesSigkillWhileSegmentsAreRecycled() throws Exception {
    torture(
        Integer.getInteger("torture.cycles", 50) / 2,
        "recycle",
        DaktiloOptions.defaults().withSegmentSize(48 * 1024).withDurability(Durability.ASYNC));
  }

  private void torture(int cycles, String mode, DaktiloOptions options) throws Exception {
    long seed = Long.getLong("torture.seed", System.nanoTime());
    Random random = new Random(seed);
    Path logDir = dir.resolve("log-" + mode);
    Map<Long, Long> acknowledged = new HashMap<>();
    int kills = 0;
    int recycledSeen = 0;
    for (int cycle = 0; cycle < cycles; cycle++) {
      String context = "seed " + seed + ", cycle " + cycle;
      Path stderr = dir.resolve("child-" + cycle + ".err");
      Process child =
          new ProcessBuilder(
                  javaCommand(),
                  "--enable-native-access=ALL-UNNAMED",
                  "-cp",
                  System.getProperty("java.class.path"),
                  "-XX:TieredStopAtLevel=1",
                  "-XX:+UseSerialGC",
                  "-XX:-UsePerfData",
                  TortureChild.class.getName(),
                  logDir.toString(),
                  "8",
                  Long.toString(random.nextLong()),
                  mode)
              .redirectError(stderr.toFile())
              .start();
      List<String> lines = new CopyOnWriteArrayList<>();
      Thread reader = Thread.ofVirtual().start(() -> readLines(child, lines));
      waitForReady(child, lines, stderr, context);
      // A deliberate random delay before the kill (not a wait for a condition).
      Thread.sleep(50 + random.nextInt(550));
      child.destroyForcibly();
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).as(context).isTrue();
      reader.join();
      if (child.exitValue() != 0) {
        kills++;
      }
      int before = acknowledged.size();
      for (String line : lines) {
        String[] parts = line.split(" ");
        if (parts.length == 4 && parts[0].equals("a") && parts[3].equals(".")) {
          Long previous = acknowledged.put(Long.parseLong(parts[1]), Long.parseLong(parts[2]));
          assertThat(previous).as("%s: sequence %s acknowledged twice", context, parts[1]).isNull();
        }
      }
      recycledSeen += recycledSegments(logDir);
      checkLog(logDir, options, acknowledged, context);
      assertThat(acknowledged.size()).as(context).isGreaterThanOrEqualTo(before);
    }
    assertThat(kills).isEqualTo(cycles);
    if (mode.equals("recycle")) {
      assertThat(recycledSeen).as("segments made from recycled files").isPositive();
    }
    assertThat(acknowledged).isNotEmpty();
    System.out.printf(
        "torture (%s): seed %d, %d kills, %d acknowledged records checked%n",
        mode, seed, kills, acknowledged.size());
  }

  private static void checkLog(
      Path logDir, DaktiloOptions options, Map<Long, Long> acknowledged, String context) {
    try (Daktilo log = Daktilo.open(logDir, options)) {
      long maxAcked = acknowledged.keySet().stream().mapToLong(Long::longValue).max().orElse(0);
      assertThat(log.lastSequence()).as(context).isGreaterThanOrEqualTo(maxAcked);
      long expected = log.firstSequence();
      long count = 0;
      Iterator<LogEntry> all = log.iterator(log.firstSequence(), log.lastSequence());
      while (all.hasNext()) {
        LogEntry e = all.next();
        assertThat(e.sequence()).as("%s: contiguous sequences", context).isEqualTo(expected);
        Long crc = acknowledged.get(e.sequence());
        if (crc != null) {
          assertThat(TortureChild.crc(e.payload()))
              .as("%s: payload of sequence %d", context, e.sequence())
              .isEqualTo(crc);
          count++;
        }
        expected++;
      }
      long first = log.firstSequence();
      assertThat(count)
          .as("%s: every acknowledged record after the compacted ones is present", context)
          .isEqualTo(acknowledged.keySet().stream().filter(s -> s >= first).count());
    }
    VerifyReport report = LogVerifier.verify(logDir);
    assertThat(report.damages()).as(context).isEmpty();
  }

  /** How many segment files of {@code logDir} have the RECYCLED header flag. */
  private static int recycledSegments(Path logDir) throws IOException {
    int n = 0;
    try (java.util.stream.Stream<Path> files = Files.list(logDir)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".log")).toList()) {
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(p.toFile(), "r")) {
          raf.seek(10);
          if ((Short.reverseBytes(raf.readShort()) & 4) != 0) {
            n++;
          }
        }
      }
    }
    return n;
  }

  private static void waitForReady(Process child, List<String> lines, Path stderr, String context)
      throws IOException {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(2))
        .until(() -> !lines.isEmpty() || !child.isAlive());
    if (lines.isEmpty()) {
      throw new AssertionError(context + ": the child did not start: " + Files.readString(stderr));
    }
  }

  private static void readLines(Process child, List<String> lines) {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
      List<String> chunk = new ArrayList<>();
      String line;
      while ((line = in.readLine()) != null) {
        chunk.add(line);
        if (!in.ready()) {
          lines.addAll(chunk);
          chunk.clear();
        }
      }
      lines.addAll(chunk);
    } catch (IOException e) {
      // The pipe breaks when the child dies: what was read is what counts.
    }
  }

  private static String javaCommand() {
    return ProcessHandle.current()
        .info()
        .command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }
}
