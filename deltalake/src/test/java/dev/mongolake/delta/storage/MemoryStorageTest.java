package dev.mongolake.delta.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MemoryStorageTest extends StorageContractTest {

  @Override
  protected Storage newStorage() {
    return new MemoryStorage();
  }

  @Test
  void modificationTimesComeFromTheInjectedClock() {
    Clock clock = Clock.fixed(Instant.ofEpochMilli(1_700_000_000_123L), ZoneOffset.UTC);
    try (Storage fixed = new MemoryStorage(clock)) {
      fixed.writeIfAbsent("t/a", bytes("x"));

      assertThat(fixed.stat("t/a").orElseThrow().modificationTime()).isEqualTo(1_700_000_000_123L);
    }
  }
}
