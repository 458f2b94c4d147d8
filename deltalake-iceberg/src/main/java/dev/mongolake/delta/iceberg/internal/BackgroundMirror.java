package dev.mongolake.delta.iceberg.internal;

import dev.mongolake.delta.iceberg.IcebergMirrorStats;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One daemon thread that runs a pass per table ({@code K}) up to the newest version requested for
 * it. Requests that arrive while a pass runs, or while the table waits its turn, merge into one:
 * the next pass covers all of them. Tables take turns in the order they first asked.
 *
 * <p>A failed pass is logged and counted, and the table is tried again after a pause (one second,
 * doubling to a minute while passes keep failing) or at once when it is requested again. The thread
 * starts with the first request and stops in {@link #close()}, after the pending passes (a failed
 * table gets one more try there); a request after that starts it again.
 */
final class BackgroundMirror<K> {
  private static final Logger LOG = LoggerFactory.getLogger(BackgroundMirror.class);
  static final long FIRST_RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);
  static final long LAST_RETRY_NANOS = TimeUnit.MINUTES.toNanos(1);

  /** Brings one table up to a version. */
  @FunctionalInterface
  interface Pass<K> {
    TableMirror.Progress run(K table, long version);
  }

  private final Pass<K> pass;
  private final long lingerNanos;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  // Guarded by lock: what is waiting for a pass, what waits for a retry, and what runs.
  private final LinkedHashMap<K, Long> requested = new LinkedHashMap<>();
  private final Map<K, Long> requestedAt = new HashMap<>();
  private final Map<K, Long> failed = new HashMap<>();
  private K running;
  private Thread worker;
  private boolean stopping;
  private long retryAt;
  private long retryDelay = FIRST_RETRY_NANOS;
  private long snapshots;
  private long versions;
  private long failures;

  /**
   * @param linger how long a request waits before its pass starts, so that the versions committed
   *     meanwhile share the pass and its snapshot (not while closing)
   */
  BackgroundMirror(Pass<K> pass, Duration linger) {
    this.pass = pass;
    this.lingerNanos = linger.toNanos();
  }

  /** Asks for {@code table} to be mirrored up to {@code version}; returns at once. */
  void request(K table, long version) {
    lock.lock();
    try {
      Long failedAt = failed.remove(table);
      requested.merge(table, failedAt == null ? version : Math.max(version, failedAt), Math::max);
      requestedAt.putIfAbsent(table, System.nanoTime());
      startIfStopped();
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** True once no table waits for a pass, a retry, or the end of its running pass. */
  boolean awaitIdle(Duration timeout) throws InterruptedException {
    long remaining = timeout.toNanos();
    lock.lock();
    try {
      while (!requested.isEmpty() || !failed.isEmpty() || running != null) {
        if (remaining <= 0) {
          return false;
        }
        remaining = changed.awaitNanos(remaining);
      }
      return true;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Runs the pending passes (one more try for failed ones) and stops the thread. A table whose last
   * try fails is logged and no longer pending: its next request (its next commit) catches it up. An
   * interrupt of the closing thread stops the waiting, not the passes.
   */
  void close() {
    Thread stopped;
    lock.lock();
    try {
      if (worker == null) {
        return;
      }
      stopped = worker;
      stopping = true;
      changed.signalAll();
      while (worker == stopped) {
        changed.await();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    } finally {
      lock.unlock();
    }
    try {
      stopped.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  IcebergMirrorStats stats() {
    lock.lock();
    try {
      Set<K> pending = new HashSet<>(requested.keySet());
      pending.addAll(failed.keySet());
      if (running != null) {
        pending.add(running);
      }
      return new IcebergMirrorStats(snapshots, versions, failures, pending.size());
    } finally {
      lock.unlock();
    }
  }

  private void run() {
    boolean lastTryQueued = false;
    try {
      while (true) {
        Map.Entry<K, Long> next;
        lock.lock();
        try {
          while (true) {
            if (stopping && !lastTryQueued) {
              retryFailed();
              lastTryQueued = true;
            }
            if (!requested.isEmpty()) {
              // Tables wait in the order they asked, so the first waits longest.
              long wait =
                  requestedAt.get(requested.firstEntry().getKey())
                      + lingerNanos
                      - System.nanoTime();
              if (stopping || wait <= 0) {
                break;
              }
              changed.awaitNanos(wait);
              continue;
            }
            if (stopping) {
              failed.clear();
              return;
            }
            if (failed.isEmpty()) {
              changed.await();
            } else if (retryAt - System.nanoTime() <= 0) {
              retryFailed();
            } else {
              changed.awaitNanos(retryAt - System.nanoTime());
            }
          }
          next = requested.pollFirstEntry();
          requestedAt.remove(next.getKey());
          running = next.getKey();
        } finally {
          lock.unlock();
        }
        runPass(next.getKey(), next.getValue());
      }
    } catch (InterruptedException e) {
      // Only this class's own thread runs here, and nothing interrupts it but a shutdown; what is
      // pending stays pending for the next request or close.
    } finally {
      lock.lock();
      try {
        running = null;
        worker = null;
        stopping = false;
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  private void runPass(K table, long version) {
    TableMirror.Progress progress = null;
    RuntimeException failure = null;
    try {
      progress = pass.run(table, version);
    } catch (RuntimeException e) {
      failure = e;
    }
    long failureCount;
    lock.lock();
    try {
      running = null;
      if (failure == null) {
        snapshots += progress.snapshots();
        versions += progress.versions();
        retryDelay = FIRST_RETRY_NANOS;
      } else {
        failures++;
        if (failed.isEmpty()) {
          retryAt = System.nanoTime() + retryDelay;
          retryDelay = Math.min(LAST_RETRY_NANOS, retryDelay * 2);
        }
        if (!requested.containsKey(table)) {
          failed.merge(table, version, Math::max);
        }
      }
      failureCount = failures;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    if (failure != null) {
      LOG.warn(
          "Could not write the Iceberg metadata of {} up to Delta version {} (failure {});"
              + " it is tried again: {}",
          table,
          version,
          failureCount,
          failure.toString());
      LOG.debug("Iceberg metadata failure of {}", table, failure);
    }
  }

  private void startIfStopped() {
    if (worker == null) {
      worker = Thread.ofPlatform().daemon().name("iceberg-metadata-mirror").unstarted(this::run);
      worker.start();
    }
  }

  private void retryFailed() {
    long due = System.nanoTime() - lingerNanos;
    failed.forEach(
        (table, version) -> {
          requested.merge(table, version, Math::max);
          requestedAt.putIfAbsent(table, due);
        });
    failed.clear();
  }
}
