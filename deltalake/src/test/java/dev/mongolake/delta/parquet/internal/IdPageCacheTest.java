package dev.mongolake.delta.parquet.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.storage.MemoryStorage;
import org.junit.jupiter.api.Test;

/** {@link IdPageCache}: pages by file and offset, least recently used out past the budget. */
class IdPageCacheTest {
  private final MemoryStorage storage = new MemoryStorage();

  @Test
  void aPageIsFoundByItsFileAndOffsetOnly() {
    IdPageCache cache = new IdPageCache(1L << 20);
    IdPageCache.Page page = new IdPageCache.Page(new byte[] {1, 2, 3}, 1);

    cache.put(storage, "a.parquet", 4, page);

    assertThat(cache.get(storage, "a.parquet", 4)).isSameAs(page);
    assertThat(cache.get(storage, "a.parquet", 5)).isNull();
    assertThat(cache.get(storage, "b.parquet", 4)).isNull();
    assertThat(cache.get(new MemoryStorage(), "a.parquet", 4)).isNull();
    assertThat(cache.hits()).isEqualTo(1);
    assertThat(cache.misses()).isEqualTo(3);
  }

  @Test
  void theLeastRecentlyUsedPagesLeaveOnceTheBudgetIsSpent() {
    // 16 stripes of 1,000 bytes each: a stripe holds one 600-byte page (with its overhead).
    IdPageCache cache = new IdPageCache(16_000);
    for (int offset = 0; offset < 200; offset++) {
      cache.put(storage, "a.parquet", offset, new IdPageCache.Page(new byte[600], 1));
    }

    int held = 0;
    for (int offset = 0; offset < 200; offset++) {
      held += cache.get(storage, "a.parquet", offset) == null ? 0 : 1;
    }
    assertThat(held).isBetween(1, 16);
    assertThat(cache.get(storage, "a.parquet", 199)).as("the newest page").isNotNull();
  }

  @Test
  void aPageLargerThanAStripeIsNotKept() {
    IdPageCache cache = new IdPageCache(16_000);
    cache.put(storage, "a.parquet", 0, new IdPageCache.Page(new byte[2_000], 1));
    assertThat(cache.get(storage, "a.parquet", 0)).isNull();
  }
}
