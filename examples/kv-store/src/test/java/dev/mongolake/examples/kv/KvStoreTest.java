package dev.mongolake.examples.kv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KvStoreTest {

  @TempDir Path dir;

  @Test
  void restartReplaysTheLogIntoTheSameState() throws IOException {
    try (KvStore store = KvStore.open(dir, Durability.BATCH)) {
      store.put("a", "1");
      store.put("b", "2");
      store.delete("a");
      store.put("c", "3");
      store.put("b", "two");
    }

    try (KvStore store = KvStore.open(dir, Durability.BATCH)) {
      assertThat(store.entries()).containsExactly(Map.entry("b", "two"), Map.entry("c", "3"));
      assertThat(store.replayedRecords()).isEqualTo(5);
      assertThat(store.appliedSequence()).isEqualTo(5);
      assertThat(store.put("d", "4")).isEqualTo(6);
    }
  }

  @Test
  void snapshotCompactsTheLogAndRestartReplaysOnlyWhatFollowsIt() throws IOException {
    DaktiloOptions smallSegments = DaktiloOptions.defaults().withSegmentSize(4096);
    Map<String, String> expected = new TreeMap<>();
    long snapshotAt;
    try (KvStore store = KvStore.open(dir, smallSegments)) {
      for (int i = 0; i < 300; i++) {
        String key = "key-" + (i % 40);
        store.put(key, "value-" + i);
        expected.put(key, "value-" + i);
      }
      snapshotAt = store.snapshot();
      assertThat(store.firstLogSequence()).isGreaterThan(1);
      for (int i = 0; i < 10; i++) {
        store.delete("key-" + i);
        expected.remove("key-" + i);
      }
    }

    try (KvStore store = KvStore.open(dir, smallSegments)) {
      assertThat(store.snapshotSequence()).isEqualTo(snapshotAt).isEqualTo(300);
      assertThat(store.replayedRecords()).isEqualTo(10);
      assertThat(store.entries()).isEqualTo(expected);
    }
  }

  @Test
  void aStoreWithoutHistoryOpensEmpty() throws IOException {
    try (KvStore store = KvStore.open(dir, Durability.STRICT)) {
      assertThat(store.entries()).isEmpty();
      assertThat(store.get("missing")).isEmpty();
      assertThat(store.snapshot()).isZero();
    }
  }
}
