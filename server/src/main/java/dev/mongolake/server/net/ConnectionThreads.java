package dev.mongolake.server.net;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/** What serves the wire-protocol connections: event loops, or a thread per connection. */
public enum ConnectionThreads {
  /**
   * A virtual thread per connection: waiting for the next request or for the group commit parks the
   * thread without a kernel context switch, so many busy connections share the carrier threads
   * cheaply. A lone client pays for it in latency: each read that waits arms the JDK's poller and
   * resumes on a carrier, two hand-offs per request.
   */
  VIRTUAL,
  /**
   * A kernel thread per connection, as MongoDB itself runs: a waiting read sleeps in the kernel and
   * wakes straight into the connection's code, the lowest latency for a few clients. Every wait is
   * a kernel context switch, which on few cores costs throughput once many clients are busy, and
   * every open connection holds a thread (its stack committed as used).
   */
  PLATFORM,
  /**
   * One event loop per core (the default) reads every connection's requests and writes the replies
   * without blocking. Quick commands run on the loop (a write's wait for the group commit does not
   * hold it: the reply goes out when the commit completes); commands that may wait run on a virtual
   * thread. TLS connections are served on virtual threads.
   */
  EVENT_LOOP;

  /** The kind's name on the command line: {@code virtual}, {@code platform}, {@code event-loop}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The kind named {@code value} ({@link #optionName()}, in any case, {@code _} for {@code -}).
   *
   * @throws IllegalArgumentException naming the kinds there are
   */
  public static ConnectionThreads parse(String value) {
    for (ConnectionThreads kind : values()) {
      if (kind.optionName().equalsIgnoreCase(value.replace('_', '-'))) {
        return kind;
      }
    }
    throw new IllegalArgumentException(
        "'"
            + value
            + "' is not a kind of connection thread; use one of "
            + Arrays.stream(values()).map(ConnectionThreads::optionName).toList());
  }

  /**
   * A new executor that runs each submitted connection on its own thread of this kind (with event
   * loops: the connections that speak TLS).
   */
  ExecutorService newExecutor() {
    return switch (this) {
      case VIRTUAL, EVENT_LOOP -> Executors.newVirtualThreadPerTaskExecutor();
      case PLATFORM -> {
        AtomicLong count = new AtomicLong();
        yield Executors.newThreadPerTaskExecutor(
            runnable ->
                Thread.ofPlatform()
                    .name("mongolake-conn-" + count.incrementAndGet())
                    .daemon()
                    .unstarted(runnable));
      }
    };
  }
}
