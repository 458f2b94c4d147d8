package dev.mongolake.delta.parquet.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ZstdContextsTest {

  @Test
  void pagesRoundTripThroughReusedContextsAtAnyLevel() {
    byte[] page = "a page of documents, ".repeat(500).getBytes(StandardCharsets.UTF_8);
    for (int level : new int[] {1, 3, 19, 3}) {
      byte[] compressed = ZstdContexts.compress(page, level);
      assertThat(compressed.length).isLessThan(page.length);
      assertThat(ZstdContexts.decompress(compressed, page.length)).isEqualTo(page);
    }
  }

  @Test
  void aCorruptPageFailsWithoutSpoilingTheNextDecompression() {
    byte[] page = new byte[4096];
    new Random(7).nextBytes(page);
    byte[] compressed = ZstdContexts.compress(page, 3);
    // Cut off mid-frame: the context is left expecting the rest.
    byte[] corrupt = Arrays.copyOf(compressed, compressed.length / 2);
    assertThatThrownBy(() -> ZstdContexts.decompress(corrupt, page.length))
        .isInstanceOf(RuntimeException.class);
    assertThat(ZstdContexts.decompress(compressed, page.length)).isEqualTo(page);
  }

  @Test
  void concurrentCallersEachGetTheirOwnPage() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        int seed = i;
        Callable<Boolean> roundTrip =
            () -> {
              byte[] page = ("document " + seed + " ").repeat(200 + seed).getBytes();
              byte[] compressed = ZstdContexts.compress(page, 1 + seed % 5);
              return Arrays.equals(ZstdContexts.decompress(compressed, page.length), page);
            };
        results.add(pool.submit(roundTrip));
      }
      for (Future<Boolean> result : results) {
        assertThat(result.get()).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
