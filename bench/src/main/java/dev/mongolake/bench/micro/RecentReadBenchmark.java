package dev.mongolake.bench.micro;

import dev.mongolake.bench.Payloads;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.LogEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code read(seq)} of a recent record (a hot-cache hit; the target is 5 us or less) and of
 * an old one (the sparse index plus a read from the mapped segment, warm page cache).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class RecentReadBenchmark {

  private static final int RECORDS = 200_000;

  @Param({"140"})
  int payloadBytes;

  private Path dir;
  private Daktilo log;
  private long last;

  /** Fills a log with {@link #RECORDS} records. */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("daktilo-read-bench");
    log = Daktilo.open(dir, DaktiloOptions.defaults());
    byte[] payload = Payloads.random(payloadBytes, 9);
    for (int written = 0; written < RECORDS; written += 1000) {
      log.appendMany(Collections.nCopies(1000, payload));
    }
    last = log.lastSequence();
  }

  /** Closes and deletes the log. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    log.close();
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /** One of the 16 newest records: served by the hot-read cache. */
  @Benchmark
  public LogEntry readRecent() {
    return log.read(last - (System.nanoTime() & 15));
  }

  /** A record from the first tenth of the log: index lookup and a read from the segment. */
  @Benchmark
  public LogEntry readOld() {
    return log.read(1 + (System.nanoTime() & 0x3FFF));
  }
}
