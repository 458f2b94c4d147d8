package dev.mongolake.delta;

import java.time.Duration;

/**
 * What {@link DeltaTable#vacuum} does.
 *
 * @param retention files must have been unreferenced (tombstoned) and unmodified for this long
 * @param dryRun list the files that would be deleted without deleting them
 * @param force allow a retention below the 7-day safety threshold
 */
public record VacuumOptions(Duration retention, boolean dryRun, boolean force) {

  /** Seven days' retention, deleting, not forced. */
  public static VacuumOptions defaults() {
    return new VacuumOptions(Duration.ofDays(7), false, false);
  }

  public VacuumOptions withRetention(Duration value) {
    return new VacuumOptions(value, dryRun, force);
  }

  public VacuumOptions withDryRun(boolean value) {
    return new VacuumOptions(retention, value, force);
  }

  public VacuumOptions withForce(boolean value) {
    return new VacuumOptions(retention, dryRun, value);
  }
}
