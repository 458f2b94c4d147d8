package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Segment preallocation: fallocate'd space (unwritten extents on ext4, which read as zeros) must
 * end the active segment for recovery and the verifier exactly as written zeros do; the zero-fill
 * fallback, forced through the option, must keep working.
 */
class PreallocationTest {
  @TempDir Path dir;

  /** 64 KiB segments: 64 records of 1,000 bytes (1,018 framed) per segment. */
  private static final long SEGMENT = 64 << 10;

  private static final int FRAME = 18 + 1000;

  private static final int RECYCLED_FLAG = 4;

  private static DaktiloOptions strict(Preallocation preallocation) {
    return DaktiloOptions.defaults()
        .withDurability(Durability.STRICT)
        .withSegmentSize(SEGMENT)
        .withPreallocation(preallocation);
  }

  private static void fill(Daktilo log, int count) {
    for (int i = 0; i < count; i++) {
      long seq = log.lastSequence() + 1;
      assertThat(log.append(Payloads.forSequence(seq, 1000))).isEqualTo(seq);
    }
  }

  private static void checkRecords(Daktilo log, long first, long last) {
    assertThat(log.lastSequence()).isEqualTo(last);
    for (long seq = first; seq <= last; seq++) {
      assertThat(log.read(seq).payload()).isEqualTo(Payloads.forSequence(seq, 1000));
    }
  }

  private Path segment(int id) {
    return dir.resolve(String.format("%020d.log", id));
  }

  private static boolean onLinux() {
    return System.getProperty("os.name", "").startsWith("Linux");
  }

  @Test
  void durableLogsUseFallocateWhereSupportedAndAsyncLogsStaySparse() throws IOException {
    assumeThat(onLinux()).as("fallocate is Linux-only").isTrue();
    for (Durability mode : new Durability[] {Durability.STRICT, Durability.BATCH}) {
      Path logDir = dir.resolve(mode.name());
      try (Daktilo log = Daktilo.open(logDir, DaktiloOptions.defaults().withDurability(mode))) {
        assertThat(log.preallocation()).isEqualTo(Preallocation.AUTO);
      }
    }
    try (Daktilo log = Daktilo.open(dir.resolve("falloc"), strict(Preallocation.FALLOCATE))) {
      assertThat(log.preallocation()).isEqualTo(Preallocation.FALLOCATE);
    }
    try (Daktilo log =
        Daktilo.open(
            dir.resolve("async"),
            strict(Preallocation.FALLOCATE).withDurability(Durability.ASYNC))) {
      assertThat(log.preallocation()).isEqualTo(Preallocation.SPARSE);
    }
    try (Daktilo log = Daktilo.open(dir.resolve("zero"), strict(Preallocation.ZERO_FILL))) {
      assertThat(log.preallocation()).isEqualTo(Preallocation.ZERO_FILL);
    }
    try (Stream<Path> files = Files.walk(dir)) {
      assertThat(files.filter(p -> p.toString().endsWith(".tmp"))).as("no probe left").isEmpty();
    }
  }

  @Test
  void theDefaultIsAuto() {
    assertThat(DaktiloOptions.defaults().preallocation()).isEqualTo(Preallocation.AUTO);
  }

  @Test
  void autoZeroFillsTheNextSegmentOnlyWhenFlushesAreSmall() throws Exception {
    assumeThat(onLinux()).isTrue();
    // 300 KiB records, one flush each (STRICT): the spare asked for at an eighth of a 4 MiB segment
    // is reserved only, and segment 2 still has unwritten extents after its records.
    Path large = dir.resolve("large");
    DaktiloOptions options = strict(Preallocation.AUTO).withSegmentSize(4 << 20).withCacheBytes(0);
    try (Daktilo log = Daktilo.open(large, options)) {
      for (int i = 1; i <= 16; i++) {
        log.append(Payloads.forSequence(i, 300 << 10));
      }
      assertThat(log.preallocation()).isEqualTo(Preallocation.AUTO);
    }
    String extents = fileExtents(large.resolve(segment(2).getFileName()));
    assumeThat(extents).as("filefrag output").isNotNull();
    assertThat(extents).contains("unwritten");
    // 1 KiB records: the spare is zero-filled (no unwritten extents left in segment 2).
    Path small = dir.resolve("small");
    try (Daktilo log = Daktilo.open(small, strict(Preallocation.AUTO).withSegmentSize(64 << 10))) {
      for (int i = 1; i <= 70; i++) {
        log.append(Payloads.forSequence(i, 1000));
      }
    }
    assertThat(fileExtents(small.resolve(segment(2).getFileName()))).doesNotContain("unwritten");
    assertThat(fileExtents(small.resolve(segment(1).getFileName()))).doesNotContain("unwritten");
  }

  @Test
  void aFallocatedSegmentIsReservedWithoutWritingItsData() throws Exception {
    assumeThat(onLinux()).isTrue();
    String extents;
    try (Daktilo log = Daktilo.open(dir, strict(Preallocation.FALLOCATE))) {
      fill(log, 3);
      extents = fileExtents(segment(1));
    }
    assumeThat(extents).as("filefrag output").isNotNull();
    // Allocated to the full size, and the space after the records is not written.
    assertThat(allocatedBytes(segment(1))).isGreaterThanOrEqualTo(SEGMENT);
    assertThat(extents).contains("unwritten");

    Path zeroDir = dir.resolve("zero");
    try (Daktilo log = Daktilo.open(zeroDir, strict(Preallocation.ZERO_FILL))) {
      fill(log, 3);
    }
    Path zeroSegment = zeroDir.resolve(segment(1).getFileName());
    assertThat(allocatedBytes(zeroSegment)).isGreaterThanOrEqualTo(SEGMENT);
    assertThat(fileExtents(zeroSegment)).doesNotContain("unwritten");
  }

  @ParameterizedTest
  @EnumSource(
      value = Preallocation.class,
      names = {"AUTO", "FALLOCATE", "ZERO_FILL"})
  void recoveryFindsTheEndOfThePreallocatedActiveSegment(Preallocation preallocation)
      throws IOException {
    // Close leaves the active segment at its full preallocated size: reopening scans it as after a
    // crash, through 130 records in three segments (two rolls onto background-made spares).
    try (Daktilo log = Daktilo.open(dir, strict(preallocation))) {
      fill(log, 130);
    }
    assertThat(Files.size(segment(3))).isEqualTo(SEGMENT);
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.ok()).as("%s", report.damages()).isTrue();
    assertThat(report.records()).isEqualTo(130);
    try (Daktilo log = Daktilo.open(dir, strict(preallocation))) {
      checkRecords(log, 1, 130);
      fill(log, 70);
      checkRecords(log, 1, 200);
    }
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(
      value = Preallocation.class,
      names = {"AUTO", "FALLOCATE", "ZERO_FILL"})
  void aTornRecordInPreallocatedSpaceIsCutOff(Preallocation preallocation) throws IOException {
    try (Daktilo log = Daktilo.open(dir, strict(preallocation))) {
      fill(log, 10);
    }
    // What a crash during the 11th write can leave: its header and part of its payload; the rest
    // of the frame is still preallocated space and reads as zeros.
    long end = 64 + 10L * FRAME;
    byte[] frame = new byte[FRAME];
    ByteBuffer b = ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0, 1000).putLong(4, 11).putShort(12, (short) 0).putInt(14, 0x1234_5678);
    byte[] payload = Payloads.forSequence(11, 1000);
    System.arraycopy(payload, 0, frame, 18, 300);
    try (RandomAccessFile raf = new RandomAccessFile(segment(1).toFile(), "rw")) {
      raf.seek(end);
      raf.write(frame, 0, 18 + 300);
    }
    VerifyReport report = LogVerifier.verify(dir);
    assertThat(report.ok()).isFalse();
    assertThat(report.damages())
        .extracting(VerifyReport.Damage::reason)
        .anyMatch(reason -> reason.contains("torn tail"));

    try (Daktilo log = Daktilo.open(dir, strict(preallocation))) {
      checkRecords(log, 1, 10);
      fill(log, 5); // sequence 11 is written again, at the torn frame's place
      checkRecords(log, 1, 15);
    }
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
    try (Daktilo log = Daktilo.open(dir, strict(preallocation))) {
      checkRecords(log, 1, 15);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Preallocation.class,
      names = {"AUTO", "FALLOCATE", "ZERO_FILL"})
  void recycledSegmentsAreRegrownWithTheLogsPreallocation(Preallocation preallocation)
      throws IOException {
    try (Daktilo log = Daktilo.open(dir, strict(preallocation))) {
      fill(log, 130); // segments 1-2 sealed (1-64, 65-128), 3 active
      log.checkpoint(128);
      assertThat(log.compact()).isEqualTo(2);
      fill(log, 130); // segments 4 and 5 are made from the recycled files
      assertThat(Files.size(segment(5))).isEqualTo(SEGMENT);
      assertThat(headerFlags(segment(5)) & RECYCLED_FLAG).as("segment 5 recycled").isNotZero();
      checkRecords(log, 129, 260);
    }
    assertThat(LogVerifier.verify(dir).ok()).isTrue();
    try (Daktilo log = Daktilo.open(dir, strict(preallocation))) {
      checkRecords(log, 129, 260);
      assertThat(log.firstSequence()).isEqualTo(129);
    }
  }

  private static int headerFlags(Path segment) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(segment.toFile(), "r")) {
      raf.seek(10);
      return Short.toUnsignedInt(Short.reverseBytes(raf.readShort()));
    }
  }

  /** Bytes allocated on disk for {@code file} ({@code stat}). */
  private static long allocatedBytes(Path file) throws Exception {
    String out = run("stat", "-c", "%b %B", file.toString());
    assumeThat(out).as("stat output").isNotNull();
    String[] parts = out.trim().split(" ");
    return Long.parseLong(parts[0]) * Long.parseLong(parts[1]);
  }

  /** {@code filefrag -v} output (extent flags), or null when the tool is missing. */
  private static String fileExtents(Path file) throws Exception {
    return run("filefrag", "-v", file.toString());
  }

  private static String run(String... command) throws Exception {
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return null; // the tool is not installed
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      return null;
    }
    return out;
  }
}
