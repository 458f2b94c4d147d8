package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendReadTest {
  @TempDir Path dir;

  private static DaktiloOptions small() {
    return DaktiloOptions.defaults().withSegmentSize(64 * 1024);
  }

  @Test
  void sequencesStartAtOneAndIncrease() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      assertThat(log.firstSequence()).isZero();
      assertThat(log.lastSequence()).isZero();
      assertThat(log.append(Payloads.of("a"))).isEqualTo(1);
      assertThat(log.append(Payloads.of("b"))).isEqualTo(2);
      assertThat(log.append(ByteBuffer.wrap(Payloads.of("c")))).isEqualTo(3);
      assertThat(log.firstSequence()).isEqualTo(1);
      assertThat(log.lastSequence()).isEqualTo(3);
      assertThat(Payloads.text(log.read(2))).isEqualTo("b");
      assertThat(Payloads.text(log.read(3))).isEqualTo("c");
    }
  }

  @Test
  void theRangeFromFirstToLastOfAnEmptyLogIsEmpty() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      assertThat(log.iterator(log.firstSequence(), log.lastSequence()).hasNext()).isFalse();
      assertThat(log.range(log.firstSequence(), log.lastSequence())).isEmpty();
      assertThat(log.range(0, 0).spliterator().estimateSize()).isZero();
      log.append(Payloads.of("a"));
      assertThat(log.range(log.firstSequence(), log.lastSequence()).map(LogEntry::sequence))
          .containsExactly(1L);
    }
  }

  @Test
  void appendCopiesThePayloadAndReadReturnsAPrivateCopy() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      byte[] payload = Payloads.of("original");
      long seq = log.append(payload);
      payload[0] = 'X';
      LogEntry first = log.read(seq);
      first.payload()[0] = 'Y';
      assertThat(Payloads.text(log.read(seq))).isEqualTo("original");
    }
  }

  @Test
  void byteBufferAppendTakesTheRemainingBytesAndLeavesThePosition() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      ByteBuffer buf = ByteBuffer.wrap(Payloads.of("xxhello"));
      buf.position(2);
      long seq = log.append(buf);
      assertThat(buf.position()).isEqualTo(2);
      assertThat(Payloads.text(log.read(seq))).isEqualTo("hello");
    }
  }

  @Test
  void emptyPayloadsAreRecords() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      log.append(new byte[0]);
      log.append(Payloads.of("x"));
    }
    try (Daktilo log = Daktilo.open(dir, small())) {
      assertThat(log.lastSequence()).isEqualTo(2);
      assertThat(log.read(1).payload()).isEmpty();
    }
  }

  @Test
  void recordsSurviveReopenAndSequencesContinue() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      for (int i = 1; i <= 100; i++) {
        log.append(Payloads.forSequence(i, i));
      }
    }
    try (Daktilo log = Daktilo.open(dir, small())) {
      assertThat(log.lastSequence()).isEqualTo(100);
      for (int i = 1; i <= 100; i++) {
        assertThat(log.read(i).payload()).isEqualTo(Payloads.forSequence(i, i));
      }
      assertThat(log.append(Payloads.of("next"))).isEqualTo(101);
    }
  }

  @Test
  void readsUncachedRecordsFromTheSegments() {
    DaktiloOptions options = small().withCacheBytes(0).withIndexIntervalBytes(64);
    try (Daktilo log = Daktilo.open(dir, options)) {
      for (int i = 1; i <= 500; i++) {
        log.append(Payloads.forSequence(i, i % 50));
      }
      for (int i = 500; i >= 1; i -= 7) {
        assertThat(log.read(i).payload()).isEqualTo(Payloads.forSequence(i, i % 50));
      }
    }
  }

  @Test
  void rangeStreamsRecordsInOrderAcrossSegments() {
    try (Daktilo log = Daktilo.open(dir, DaktiloOptions.defaults().withSegmentSize(4096))) {
      for (int i = 1; i <= 300; i++) {
        log.append(Payloads.forSequence(i, 100));
      }
      List<LogEntry> entries = log.range(10, 290).toList();
      assertThat(entries).hasSize(281);
      for (LogEntry e : entries) {
        assertThat(e.payload()).isEqualTo(Payloads.forSequence(e.sequence(), 100));
      }
      assertThat(entries.stream().mapToLong(LogEntry::sequence))
          .containsExactlyElementsOf(
              IntStream.rangeClosed(10, 290).asLongStream().boxed().toList());
      assertThat(log.range(5, 4)).isEmpty();
    }
  }

  @Test
  void readingAnUnwrittenSequenceSaysSo() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      log.append(Payloads.of("a"));
      assertThatThrownBy(() -> log.read(2))
          .isInstanceOf(UnwrittenSequenceException.class)
          .hasMessage("Cannot read sequence 2: it is not written yet (the last sequence is 1)");
      assertThatThrownBy(() -> log.range(1, 5))
          .isInstanceOf(UnwrittenSequenceException.class)
          .hasMessageContaining("Cannot read sequence 5");
      assertThatThrownBy(() -> log.read(0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("Cannot read sequence 0: sequences start at 1");
    }
  }

  @Test
  void aRecordLargerThanASegmentIsRejected() {
    try (Daktilo log = Daktilo.open(dir, DaktiloOptions.defaults().withSegmentSize(4096))) {
      assertThatThrownBy(() -> log.append(new byte[5000]))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Cannot append a record of 5018 framed bytes");
      assertThat(log.append(new byte[4096 - 64 - 18])).isEqualTo(1);
    }
  }

  @Test
  void aClosedLogRefusesCalls() {
    Daktilo log = Daktilo.open(dir, small());
    log.append(Payloads.of("a"));
    log.close();
    log.close();
    assertThatThrownBy(() -> log.append(Payloads.of("b")))
        .isInstanceOf(LogClosedException.class)
        .hasMessageContaining("Cannot append to log")
        .hasMessageContaining("it is closed");
    assertThatThrownBy(() -> log.read(1)).isInstanceOf(LogClosedException.class);
  }

  @Test
  void aSecondOpenOfTheSameDirectoryIsRefused() {
    try (Daktilo log = Daktilo.open(dir, small())) {
      assertThatThrownBy(() -> Daktilo.open(dir, small()))
          .isInstanceOf(DaktiloException.class)
          .hasMessageContaining("it is already open for writing")
          .isInstanceOfSatisfying(
              LogInUseException.class,
              e -> assertThat(e.lockFile()).isEqualTo(dir.resolve("daktilo.lock")));
    }
    Daktilo.open(dir, small()).close();
  }

  @Test
  void segmentFileNamesAreZeroPaddedIds() throws Exception {
    try (Daktilo log = Daktilo.open(dir, small())) {
      log.append(Payloads.of("a"));
    }
    assertThat(dir.resolve("00000000000000000001.log")).exists();
    assertThat(Files.size(dir.resolve("00000000000000000001.log"))).isEqualTo(64 * 1024);
  }
}
