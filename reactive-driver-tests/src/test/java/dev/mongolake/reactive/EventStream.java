package dev.mongolake.reactive;

import static org.awaitility.Awaitility.await;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * The first {@code count} events of a change stream publisher, subscribed to at once: {@link #open}
 * returns when the server has opened the stream, so every change written afterwards is in it. The
 * subscription is cancelled (the driver kills the cursor) after the last of them. Thread-safe;
 * events arrive on driver threads.
 *
 * @param <T> the event type
 */
final class EventStream<T> {

  private final List<T> seen = new CopyOnWriteArrayList<>();
  private final CompletableFuture<List<T>> all;

  private EventStream(Publisher<T> stream, int count) {
    all = Flux.from(stream).doOnNext(seen::add).take(count).collectList().toFuture();
  }

  /** Subscribes to {@code stream} for {@code count} events; returns once the server opened it. */
  static <T> EventStream<T> open(Publisher<T> stream, int count, StreamOpenings openings) {
    int before = openings.count();
    EventStream<T> events = new EventStream<>(stream, count);
    await().atMost(Reactive.TIMEOUT).until(() -> openings.count() > before || events.all.isDone());
    if (events.all.isCompletedExceptionally()) {
      events.all();
    }
    return events;
  }

  /** Waits until at least {@code count} events arrived. */
  void awaitSeen(int count) {
    await().atMost(Reactive.TIMEOUT).until(() -> seen.size() >= count || all.isDone());
  }

  /** Waits for all the events asked for and returns them, or throws the stream's error. */
  List<T> all() {
    try {
      return all.get(Reactive.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new AssertionError("the change stream failed", e.getCause());
    } catch (TimeoutException e) {
      throw new AssertionError("the change stream delivered only " + seen, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
