package dev.mongolake.daktilo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ConcurrencyTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Durability.class)
  void concurrentVirtualThreadAppendersGetUniqueContiguousSequences(Durability durability)
      throws Exception {
    DaktiloOptions options =
        DaktiloOptions.defaults().withSegmentSize(32 * 1024).withDurability(durability);
    int threads = 32;
    int each = 25;
    ConcurrentMap<Long, String> written = new ConcurrentHashMap<>();
    try (Daktilo log = Daktilo.open(dir, options)) {
      List<Thread> started = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        started.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      for (int i = 0; i < each; i++) {
                        String text = thread + ":" + i;
                        long seq =
                            i % 3 == 0
                                ? log.appendMany(List.of(Payloads.of(text), Payloads.of(text)))[0]
                                : log.append(ByteBuffer.wrap(Payloads.of(text)));
                        assertThat(written.put(seq, text)).isNull();
                      }
                    }));
      }
      for (Thread t : started) {
        t.join();
      }
    }
    try (Daktilo log = Daktilo.open(dir, options)) {
      long expected = written.size() + threads * ((each + 2) / 3);
      assertThat(log.lastSequence()).isEqualTo(expected);
      List<LogEntry> all = log.range(1, log.lastSequence()).toList();
      for (int i = 0; i < all.size(); i++) {
        assertThat(all.get(i).sequence()).isEqualTo(i + 1);
      }
      written.forEach((seq, text) -> assertThat(Payloads.text(log.read(seq))).isEqualTo(text));
    }
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void interruptingAppendersNeverBreaksTheLog(Durability durability) throws Exception {
    DaktiloOptions options =
        DaktiloOptions.defaults().withSegmentSize(8 * 1024).withDurability(durability);
    try (Daktilo log = Daktilo.open(dir, options)) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        threads.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      for (int i = 0; i < 40; i++) {
                        log.append(new byte[120]); // rolls segments too
                      }
                    }));
      }
      for (int round = 0; round < 20; round++) {
        for (Thread t : threads) {
          t.interrupt();
        }
        Thread.onSpinWait();
      }
      for (Thread t : threads) {
        t.join();
      }
      assertThat(log.lastSequence()).isEqualTo(8 * 40);
      // Still fully usable: append, flush, read across segments.
      Thread.currentThread().interrupt();
      try {
        assertThat(log.append(new byte[10])).isEqualTo(8 * 40 + 1);
        log.flush();
      } finally {
        assertThat(Thread.interrupted()).as("the interrupt flag is kept").isTrue();
      }
      assertThat(log.range(1, log.lastSequence()).count()).isEqualTo(8 * 40 + 1);
    }
    try (Daktilo log = Daktilo.open(dir, options)) {
      assertThat(log.lastSequence()).isEqualTo(8 * 40 + 1);
    }
  }
}
