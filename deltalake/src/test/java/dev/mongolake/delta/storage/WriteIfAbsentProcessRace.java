package dev.mongolake.delta.storage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Races separate JVMs ({@link WriteIfAbsentRaceChild}) on writeIfAbsent of the same commit files in
 * one storage location, and checks that no commit has two winners and every commit holds its
 * winner's bytes. Used by every backend that claims cross-process atomicity.
 */
public final class WriteIfAbsentProcessRace {

  private WriteIfAbsentProcessRace() {}

  /**
   * Runs {@code racers} processes over commits {@code 0..commits-1} of {@code location}, then
   * checks the outcome through {@code check} (a storage of the same location).
   *
   * @param logDir where each racer's standard error goes, for diagnosis
   * @return how many commits each racer won, in racer order
   */
  public static List<Integer> raceAndCheck(
      String location, Storage check, int racers, int commits, Path logDir) throws Exception {
    List<Process> processes = new ArrayList<>();
    try {
      List<BufferedReader> outputs = new ArrayList<>();
      for (int r = 0; r < racers; r++) {
        Process racer = start(location, racerId(r), commits, logDir);
        processes.add(racer);
        outputs.add(new BufferedReader(new InputStreamReader(racer.getInputStream(), UTF_8)));
      }
      for (BufferedReader output : outputs) {
        assertThat(output.readLine()).as("racer start-up (see %s)", logDir).isEqualTo("READY");
      }
      for (Process racer : processes) {
        racer.getOutputStream().write('\n');
        racer.getOutputStream().flush();
      }
      List<Set<Integer>> wins = new ArrayList<>();
      for (BufferedReader output : outputs) {
        wins.add(readWins(output));
      }
      for (Process racer : processes) {
        assertThat(racer.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(racer.exitValue()).isZero();
      }
      checkOutcome(check, commits, wins);
      return wins.stream().map(Set::size).toList();
    } finally {
      processes.forEach(Process::destroyForcibly);
    }
  }

  private static Process start(String location, String id, int commits, Path logDir)
      throws IOException {
    return new ProcessBuilder(
            ProcessHandle.current().info().command().orElseThrow(),
            "-cp",
            System.getProperty("java.class.path"),
            WriteIfAbsentRaceChild.class.getName(),
            location,
            id,
            Integer.toString(commits))
        .redirectError(logDir.resolve("racer-" + id + ".err").toFile())
        .start();
  }

  private static Set<Integer> readWins(BufferedReader output) throws IOException {
    Set<Integer> won = new HashSet<>();
    for (String line = output.readLine(); !"DONE".equals(line); line = output.readLine()) {
      assertThat(line).as("racer output").isNotNull().startsWith("WON ");
      won.add(Integer.parseInt(line.substring(4)));
    }
    return won;
  }

  private static void checkOutcome(Storage check, int commits, List<Set<Integer>> wins) {
    for (int n = 0; n < commits; n++) {
      List<String> winners = new ArrayList<>();
      for (int r = 0; r < wins.size(); r++) {
        if (wins.get(r).contains(n)) {
          winners.add(racerId(r));
        }
      }
      assertThat(winners).as("processes that claim to have written commit %d", n).hasSize(1);
      assertThat(check.read(WriteIfAbsentRaceChild.commitPath(n)))
          .asString(UTF_8)
          .isEqualTo(WriteIfAbsentRaceChild.content(winners.getFirst(), n));
    }
    assertThat(check.list("t/_delta_log/", "")).hasSize(commits);
  }

  private static String racerId(int r) {
    return "racer-" + r;
  }
}
