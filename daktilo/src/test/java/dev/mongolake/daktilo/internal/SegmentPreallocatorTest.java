package dev.mongolake.daktilo.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.daktilo.Preallocation;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SegmentPreallocatorTest {
  @TempDir Path dir;

  private static final DaktiloOptions BATCH = DaktiloOptions.defaults();

  @Test
  void fallocateFallsBackToZeroFillWhenTheProbeFails() {
    // A probe that cannot even create its file (the directory does not exist) fails like one on a
    // file system without fallocate: the log zero-fills instead.
    Path missing = dir.resolve("missing");
    assertThat(FallocatePreallocator.probe(missing)).isFalse();
    assertThat(SegmentPreallocator.forLog(missing, BATCH).kind())
        .isEqualTo(Preallocation.ZERO_FILL);
  }

  @Test
  void theOptionAndTheModeDecideThePreallocator() {
    assertThat(SegmentPreallocator.forLog(dir, BATCH.withPreallocation(Preallocation.ZERO_FILL)))
        .isSameAs(SegmentPreallocator.ZERO_FILL);
    assertThat(SegmentPreallocator.forLog(dir, BATCH.withPreallocation(Preallocation.SPARSE)))
        .isSameAs(SegmentPreallocator.SPARSE);
    assertThat(SegmentPreallocator.forLog(dir, BATCH.withDurability(Durability.ASYNC)))
        .isSameAs(SegmentPreallocator.SPARSE);
  }

  @Test
  void autoWritesZerosUnlessFlushesAreLarge() {
    SegmentPreallocator auto = new FallocatePreallocator(Preallocation.AUTO);
    assertThat(auto.writesZeros(false)).isTrue();
    assertThat(auto.writesZeros(true)).isFalse();
    assertThat(new FallocatePreallocator(Preallocation.FALLOCATE).writesZeros(false)).isFalse();
    assertThat(SegmentPreallocator.ZERO_FILL.writesZeros(true)).isTrue();
  }

  @Test
  void fallocateGrowsTheFileWithZerosAndKeepsWhatIsBeforeIt() throws Exception {
    assumeThat(FallocatePreallocator.probe(dir)).as("fallocate supported here").isTrue();
    assertThat(dir.resolve(FallocatePreallocator.PROBE)).doesNotExist();
    Path file = dir.resolve("segment");
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.write(new byte[] {1, 2, 3});
      new FallocatePreallocator(Preallocation.FALLOCATE).preallocate(file, raf, 3, 1 << 20, true);
      assertThat(raf.length()).isEqualTo(1 << 20);
    }
    byte[] bytes = Files.readAllBytes(file);
    assertThat(bytes).hasSize(1 << 20).startsWith(1, 2, 3);
    for (int i = 3; i < bytes.length; i++) {
      assertThat(bytes[i]).as("byte %d", i).isZero();
    }
  }
}
