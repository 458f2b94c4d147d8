package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writing process with SIGKILL at random moments (during writes, flushes to the tables,
 * checkpoints) and checks that reopening recovers exactly the acknowledged state: every
 * acknowledged insert, update and delete, and at most the one operation in flight besides.
 */
class CrashRecoveryTest {

  private static final int CYCLES = Integer.getInteger("crash.cycles", 8);

  @TempDir Path root;

  @Test
  void everyAcknowledgedWriteSurvivesKillDashNine() throws Exception {
    Random random = new Random(20261130L);
    Map<Integer, Integer> expected = new HashMap<>();
    int next = 0;
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      List<String> acks = runAndKill(next, random.nextLong(), 300 + random.nextInt(1500));
      for (String ack : acks) {
        String[] parts = ack.split(" ");
        switch (parts[0]) {
          case "I" -> {
            int id = Integer.parseInt(parts[1]);
            expected.put(id, 0);
            next = Math.max(next, id + 1);
          }
          case "U" -> expected.put(Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
          case "D" -> expected.remove(Integer.parseInt(parts[1]));
          default -> {}
        }
      }
      next = verify(expected, next);
    }
  }

  /**
   * One operation may have been in flight: its effect may or may not be there. Returns the first id
   * the next run may use.
   */
  private int verify(Map<Integer, Integer> expected, int next) {
    try (MongoLake lake = MongoLake.open(root)) {
      Map<Integer, Integer> actual = new HashMap<>();
      for (Document document : lake.db("crash").collection("docs").find()) {
        actual.put(document.getInteger("_id"), document.getInteger("v"));
      }
      java.util.Set<Integer> ids = new java.util.TreeSet<>(expected.keySet());
      ids.addAll(actual.keySet());
      List<Integer> differing = new ArrayList<>();
      for (int id : ids) {
        if (!java.util.Objects.equals(expected.get(id), actual.get(id))) {
          differing.add(id);
        }
      }
      assertThat(differing)
          .as("documents differing from the acknowledged state")
          .hasSizeLessThanOrEqualTo(1);
      // The index on v, rebuilt from the catalog and the log, names exactly the live documents.
      var docs = lake.db("crash").collection("docs");
      assertThat(docs.plannedIndex(new Document("v", new Document("$gte", 0)), null)).isNotNull();
      java.util.Set<Integer> indexed = new java.util.TreeSet<>();
      for (Document document : docs.find(new Document("v", new Document("$gte", 0)))) {
        indexed.add(document.getInteger("_id"));
      }
      assertThat(indexed).as("documents found through the index").isEqualTo(actual.keySet());
      // Make the in-flight operation's outcome the new expectation.
      expected.clear();
      expected.putAll(actual);
      int maxId = ids.isEmpty() ? -1 : ((java.util.TreeSet<Integer>) ids).last();
      return Math.max(next, maxId + 1) + 1000;
    }
  }

  /** Runs a child for about {@code runMillis} after it is ready, then kills it. */
  private List<String> runAndKill(int start, long seed, int runMillis) throws Exception {
    return KilledChild.runAndKill(
            CrashRecoveryChild.class,
            List.of(root.toString(), Integer.toString(start), Long.toString(seed)),
            root.getParent(),
            runMillis)
        .stream()
        .filter(l -> l.matches("[IUDF]( \\d+)*"))
        .toList();
  }
}
