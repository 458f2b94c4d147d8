package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a process committing transactions with SIGKILL at random moments (during commits, flushes
 * and checkpoints) and checks after each reopening that every transaction is in the lake whole or
 * not at all: the balances still sum to the opening total, each account's balance is what the
 * ledger's transfers make it, and every acknowledged transfer is in the ledger.
 */
class TransactionCrashTest {

  private static final int CYCLES = Integer.getInteger("crash.cycles", 6);

  @TempDir Path root;

  @Test
  void aTransactionIsWholeOrAbsentAfterKillDashNine() throws Exception {
    Random random = new Random(20261203L);
    Set<Integer> acknowledged = new TreeSet<>();
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      acknowledged.addAll(runAndKill(random.nextLong(), 300 + random.nextInt(1500)));
      verify(acknowledged);
    }
    assertThat(acknowledged).as("transfers acknowledged over all runs").isNotEmpty();
  }

  private void verify(Set<Integer> acknowledged) {
    try (MongoLake lake = MongoLake.open(root)) {
      Map<Integer, Integer> balances = new HashMap<>();
      for (Document account : lake.db("bank").collection("accounts").find()) {
        balances.put(account.getInteger("_id"), account.getInteger("balance"));
      }
      assertThat(balances).hasSize(TransactionCrashChild.ACCOUNTS);
      Map<Integer, Integer> expected = new HashMap<>();
      balances.keySet().forEach(id -> expected.put(id, TransactionCrashChild.OPENING_BALANCE));
      Set<Integer> transfers = new TreeSet<>();
      for (Document transfer : lake.db("bank").collection("ledger").find()) {
        transfers.add(transfer.getInteger("_id"));
        int amount = transfer.getInteger("amount");
        expected.merge(transfer.getInteger("from"), -amount, Integer::sum);
        expected.merge(transfer.getInteger("to"), amount, Integer::sum);
      }
      assertThat(balances).as("balances against the ledger's transfers").isEqualTo(expected);
      assertThat(balances.values().stream().mapToInt(Integer::intValue).sum())
          .isEqualTo(TransactionCrashChild.ACCOUNTS * TransactionCrashChild.OPENING_BALANCE);
      assertThat(transfers).as("acknowledged transfers in the ledger").containsAll(acknowledged);
      // Besides the acknowledged ones, at most the commit in flight when the process died.
      Set<Integer> unacknowledged = new TreeSet<>(transfers);
      unacknowledged.removeAll(acknowledged);
      assertThat(unacknowledged).hasSizeLessThanOrEqualTo(1);
      acknowledged.addAll(unacknowledged);
    }
  }

  /** Runs a child until about {@code runMillis} after it is ready, then kills it. */
  private List<Integer> runAndKill(long seed, int runMillis) throws Exception {
    Path acknowledgements = Files.createTempFile(root.getParent(), "txn-acks-", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(
            ProcessHandle.current().info().command().orElse("java"),
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-cp",
            System.getProperty("java.class.path"),
            TransactionCrashChild.class.getName(),
            root.toString(),
            Long.toString(seed),
            acknowledgements.toString());
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process child = builder.start();
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> Files.readString(acknowledgements).startsWith("ready\n") || !child.isAlive());
    long deadline = System.nanoTime() + Duration.ofMillis(runMillis).toNanos();
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> System.nanoTime() >= deadline || !child.isAlive());
    boolean diedOnItsOwn = !child.isAlive();
    child.destroyForcibly();
    child.waitFor();
    assertThat(diedOnItsOwn).as("the child ran until it was killed").isFalse();
    String written = Files.readString(acknowledgements, StandardCharsets.UTF_8);
    Files.delete(acknowledgements);
    // Only complete lines: a torn last line was never acknowledged to the test.
    List<String> lines = new ArrayList<>(List.of(written.split("\n", -1)));
    lines.removeLast();
    return lines.stream()
        .filter(line -> line.matches("T \\d+"))
        .map(line -> Integer.parseInt(line.substring(2)))
        .toList();
  }
}
