package dev.mongolake.bench;

import java.nio.file.Path;

/** One measurable piece of work, run for about a given time in a fresh directory. */
@FunctionalInterface
public interface Workload {

  /**
   * Runs the workload once.
   *
   * @param dir an empty directory the workload owns for this run; the harness deletes it afterwards
   * @param budgetNanos about how long to keep going; a workload of fixed size may ignore it
   */
  Measurement run(Path dir, long budgetNanos) throws Exception;
}
