package dev.mongolake.daktilo.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open tails of a log and the wake-up path from the committer to them. Signalling is one
 * volatile read when no tail waits, so the append path pays nothing for idle tails.
 */
final class TailHub {
  private final Set<Tail> tails = ConcurrentHashMap.newKeySet();
  final AtomicInteger waiting = new AtomicInteger();

  void register(Tail tail) {
    tails.add(tail);
  }

  void unregister(Tail tail) {
    tails.remove(tail);
  }

  /** Called after the acknowledged sequence advanced. */
  void signal() {
    if (waiting.get() > 0) {
      for (Tail t : tails) {
        t.wake();
      }
    }
  }

  /** The log closed: wake every tail so it sees it. */
  void closeAll() {
    for (Tail t : tails) {
      t.wake();
    }
  }

  int size() {
    return tails.size();
  }
}
