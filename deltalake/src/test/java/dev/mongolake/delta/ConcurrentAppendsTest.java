package dev.mongolake.delta;

import static dev.mongolake.delta.TestTables.PARTITIONED;
import static dev.mongolake.delta.TestTables.file;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.log.Action;
import dev.mongolake.delta.log.ActionCodec;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Threads, each with its own table handle (as separate processes would have), append to one table
 * on the filesystem: every acknowledged commit is in the log exactly once, at the version it was
 * acknowledged with, and no version is lost or duplicated.
 */
class ConcurrentAppendsTest {
  private static final int WRITERS = 6;
  private static final int COMMITS_EACH = 15;

  @TempDir Path dir;

  @Test
  void everyAcknowledgedAppendIsInTheLogExactlyOnce() throws Exception {
    try (FileSystemStorage storage = new FileSystemStorage(dir)) {
      DeltaTable.create(storage, "t", PARTITIONED, DeltaTableOptions.defaults());
      Map<String, Long> acknowledged = new ConcurrentHashMap<>();
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
      List<Future<?>> futures = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        futures.add(
            pool.submit(
                () -> {
                  DeltaTable handle = DeltaTable.forPath(storage, "t");
                  start.await();
                  for (int i = 0; i < COMMITS_EACH; i++) {
                    String name = "w" + writer + "-" + i + ".parquet";
                    CommitResult result =
                        handle.startTransaction().add(file(name, "d" + writer, 10)).commit();
                    acknowledged.put("day=d" + writer + "/" + name, result.version());
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> future : futures) {
        future.get();
      }
      pool.shutdown();

      long expectedVersions = WRITERS * COMMITS_EACH;
      Map<String, Long> inLog = new HashMap<>();
      for (long v = 1; v <= expectedVersions; v++) {
        String path = "t/_delta_log/%020d.json".formatted(v);
        for (Action action : ActionCodec.parse(storage.read(path), path)) {
          if (action instanceof AddFile add) {
            assertThat(inLog.put(add.path(), v)).as("%s appears once", add.path()).isNull();
          }
        }
      }
      assertThat(storage.stat("t/_delta_log/%020d.json".formatted(expectedVersions + 1))).isEmpty();
      assertThat(inLog).isEqualTo(acknowledged);
      Snapshot snapshot = DeltaTable.forPath(storage, "t").snapshot();
      assertThat(snapshot.version()).isEqualTo(expectedVersions);
      assertThat(snapshot.fileCount()).isEqualTo(WRITERS * COMMITS_EACH);
    }
  }
}
