package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
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

  /** Runs a child for about {@code runMillis} after it is ready, then kills it. */
  private List<Integer> runAndKill(long seed, int runMillis) throws Exception {
    return KilledChild.runAndKill(
            TransactionCrashChild.class,
            List.of(root.toString(), Long.toString(seed)),
            root.getParent(),
            runMillis)
        .stream()
        .filter(line -> line.matches("T \\d+"))
        .map(line -> Integer.parseInt(line.substring(2)))
        .toList();
  }
}
