package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Kills a process in the middle of renaming a collection, at each step of the rename and at random
 * moments, and checks that reopening finds the collection under exactly one name, the old or the
 * new, with every acknowledged write; a rename durable in the log always comes back done.
 */
class RenameCrashTest {

  private static final int CYCLES = Integer.getInteger("crash.cycles", 8);

  @TempDir Path root;
  @TempDir Path tables;

  @ParameterizedTest(name = "halt before {0} (dropTarget {1}, flushed first {2}) -> {3}")
  @CsvSource({
    // The source's first table, made before the rename is logged: the old name stays.
    "overwrite:_mongolake/collections/crash/a, false, false, a",
    // The rename is logged: it is redone from the log.
    "overwrite:_mongolake/collections/crash/b, false, true, b",
    "writeIfAbsent:crash/a/_delta_log/, false, true, b",
    "overwrite:_mongolake/collections/crash/b, true, true, b",
    "writeIfAbsent:crash/a/_delta_log/, true, true, b",
    // Checkpointed: the new marker counts, the old one goes.
    "delete:_mongolake/collections/crash/a, false, true, b",
    "delete:_mongolake/collections/crash/a, true, false, b",
    // Only the dropped target's files were left.
    "delete:crash/b/, true, true, b",
    "none, false, true, b",
    "none, true, false, b",
  })
  void aCrashAtAnyStepOfARenameRecoversOneNameWithEveryAcknowledgedWrite(
      String haltBefore, boolean dropTarget, boolean flushFirst, String expected) throws Exception {
    List<String> acks =
        runChild(
            List.of(
                "step",
                root.toString(),
                tables.toString(),
                haltBefore,
                Boolean.toString(dropTarget),
                Boolean.toString(flushFirst)),
            null);
    assertThat(acks).first().isEqualTo("ready");
    // The child stopped at the step, inside the rename, or else after it.
    assertThat(acks.contains("renamed")).isEqualTo(haltBefore.equals("none"));
    int count = acks.contains("I 15") ? 16 : 15;

    for (int open = 0; open < 2; open++) {
      try (MongoLake lake =
          MongoLake.open(
              MongoLakeOptions.defaults().withPath(root).withTables("halting://" + tables))) {
        assertThat(lake.db("crash").listCollectionNames()).containsExactly(expected);
        MongoLakeCollection<Document> collection = lake.db("crash").collection(expected);
        assertThat(ids(collection)).isEqualTo(IntStream.range(0, count).boxed().toList());
        assertThat(collection.plannedIndex(new Document("v", 7), null)).isNotNull();
        assertThat(collection.find(new Document("v", 7)).first())
            .isEqualTo(new Document("_id", 7).append("v", 7));
        if (expected.equals("b")) {
          // The table stayed in the source's folder; a dropped target's folder is gone.
          assertThat(collection.table().orElseThrow().path()).isEqualTo("crash/a");
          assertThat(lake.tableStorage().list("crash/b/", "crash/b/")).isEmpty();
        }
      }
    }
  }

  @Test
  void renamesKilledAtRandomMomentsKeepOneNameAndEveryAcknowledgedInsert() throws Exception {
    Random random = new Random(20261201L);
    Set<Integer> expected = new TreeSet<>();
    int next = 0;
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      List<String> acks =
          runChild(
              List.of(
                  "loop",
                  root.toString(),
                  Integer.toString(next),
                  Long.toString(random.nextLong())),
              300 + random.nextInt(1500));
      for (String ack : acks) {
        if (ack.startsWith("I ")) {
          int id = Integer.parseInt(ack.substring(2));
          expected.add(id);
          next = Math.max(next, id + 1);
        }
      }
      try (MongoLake lake = MongoLake.open(root)) {
        List<String> names = lake.db("crash").listCollectionNames();
        assertThat(names).as("names after cycle %d", cycle).hasSize(1).isSubsetOf("x", "y");
        MongoLakeCollection<Document> collection = lake.db("crash").collection(names.getFirst());
        Set<Integer> actual = new TreeSet<>(ids(collection));
        assertThat(actual).containsAll(expected);
        Set<Integer> extra =
            actual.stream().filter(id -> !expected.contains(id)).collect(Collectors.toSet());
        assertThat(extra).as("inserts never acknowledged").hasSizeLessThanOrEqualTo(1);
        expected.addAll(extra);
        Set<Integer> indexed = new TreeSet<>();
        collection
            .find(new Document("v", new Document("$gte", 0)))
            .forEach(d -> indexed.add(d.getInteger("_id")));
        assertThat(indexed).as("documents found through the index").isEqualTo(actual);
        next = Math.max(next, actual.isEmpty() ? 0 : ((TreeSet<Integer>) actual).last() + 1) + 1000;
      }
    }
  }

  private static List<Integer> ids(MongoLakeCollection<Document> collection) {
    List<Integer> ids = new ArrayList<>();
    collection.find().forEach(d -> ids.add(d.getInteger("_id")));
    ids.sort(Integer::compare);
    return ids;
  }

  /**
   * Runs a child with {@code args} and its acknowledgements file, until it halts by itself ({@code
   * runMillis} null) or about {@code runMillis} after it is ready, when it is killed.
   */
  private List<String> runChild(List<String> args, Integer runMillis) throws Exception {
    Path acknowledgements = Files.createTempFile(root.getParent(), "acks-", ".txt");
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("--sun-misc-unsafe-memory-access=allow");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(RenameCrashChild.class.getName());
    command.addAll(args);
    command.add(acknowledgements.toString());
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process child = builder.start();
    if (runMillis == null) {
      assertThat(child.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    } else {
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(20))
          .until(
              () -> Files.readString(acknowledgements).startsWith("ready\n") || !child.isAlive());
      long deadline = System.nanoTime() + Duration.ofMillis(runMillis).toNanos();
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> System.nanoTime() >= deadline || !child.isAlive());
      child.destroyForcibly();
      child.waitFor();
    }
    String written = Files.readString(acknowledgements, StandardCharsets.UTF_8);
    Files.delete(acknowledgements);
    // Only complete lines: a torn last line was never acknowledged.
    List<String> lines = new ArrayList<>(List.of(written.split("\n", -1)));
    lines.removeLast();
    return runMillis == null ? lines : lines.stream().filter(l -> !l.equals("ready")).toList();
  }
}
