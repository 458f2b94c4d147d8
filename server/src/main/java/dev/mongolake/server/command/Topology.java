package dev.mongolake.server.command;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.types.ObjectId;

/**
 * This server's {@code topologyVersion}: a process id, new on every start, and a counter that grows
 * whenever what {@code hello} reports changes. A standalone's answer never changes while it runs;
 * the one change is the start of shutdown, which wakes every awaitable {@code hello} so that
 * drivers learn of it at once instead of after their {@code maxAwaitTimeMS}.
 *
 * <p>Thread-safe. Waiting parks the calling (virtual) thread; nothing polls.
 */
public final class Topology {

  /** A {@code topologyVersion} value: {@code {processId: ObjectId, counter: long}}. */
  public record Version(ObjectId processId, long counter) {

    public BsonDocument toBson() {
      return new BsonDocument("processId", new BsonObjectId(processId))
          .append("counter", new BsonInt64(counter));
    }
  }

  /** One version and the future completed when it is superseded. */
  private record State(Version version, boolean shuttingDown, CompletableFuture<Void> superseded) {}

  private final AtomicInteger awaiting = new AtomicInteger();
  private volatile State state;

  public Topology(ObjectId processId) {
    this.state = new State(new Version(processId, 0), false, new CompletableFuture<>());
  }

  /** The current version. */
  public Version version() {
    return state.version();
  }

  /** Whether {@link #shutdown()} was called. */
  public boolean shuttingDown() {
    return state.shuttingDown();
  }

  /** How many callers wait in {@link #awaitChange} now ({@code awaitingTopologyChanges}). */
  public int awaiting() {
    return awaiting.get();
  }

  /**
   * Waits until the counter moves past {@code counter} or {@code timeoutMillis} elapse, whichever
   * comes first; returns at once if it already has.
   *
   * @return whether the topology changed
   * @throws InterruptedException if the calling thread is interrupted while waiting
   */
  public boolean awaitChange(long counter, long timeoutMillis) throws InterruptedException {
    State current = state;
    if (current.version().counter() != counter) {
      return true;
    }
    awaiting.incrementAndGet();
    try {
      // TimeUnit conversions saturate, so any non-negative timeout is fine.
      current.superseded().get(timeoutMillis, TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      throw new IllegalStateException("a topology change never fails", e);
    } finally {
      awaiting.decrementAndGet();
    }
  }

  /**
   * Marks the start of shutdown: the counter grows and every waiter wakes. Calling it again does
   * nothing.
   */
  public synchronized void shutdown() {
    State current = state;
    if (current.shuttingDown()) {
      return;
    }
    Version next = new Version(current.version().processId(), current.version().counter() + 1);
    state = new State(next, true, new CompletableFuture<>());
    current.superseded().complete(null);
  }
}
