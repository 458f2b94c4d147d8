package dev.mongolake.reactive;

import static org.awaitility.Awaitility.await;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the change streams the server opened for a client: {@code aggregate} commands with a
 * {@code $changeStream} stage that succeeded. A Reactive Streams change stream opens when its
 * subscriber first requests, on a driver thread; a test waits here before it writes the changes it
 * expects to see. Thread-safe.
 */
final class StreamOpenings implements CommandListener {

  private final Set<Integer> changeStreamRequests = ConcurrentHashMap.newKeySet();
  private final AtomicInteger opened = new AtomicInteger();

  /** How many change streams have been opened so far. */
  int count() {
    return opened.get();
  }

  /** Waits until more than {@code before} change streams have been opened. */
  void awaitMoreThan(int before) {
    await().atMost(Duration.ofSeconds(20)).until(() -> opened.get() > before);
  }

  @Override
  public void commandStarted(CommandStartedEvent event) {
    if (event.getCommandName().equals("aggregate")
        && event.getCommand().getArray("pipeline").stream()
            .anyMatch(
                stage -> stage.isDocument() && stage.asDocument().containsKey("$changeStream"))) {
      changeStreamRequests.add(event.getRequestId());
    }
  }

  @Override
  public void commandSucceeded(CommandSucceededEvent event) {
    if (changeStreamRequests.remove(event.getRequestId())) {
      opened.incrementAndGet();
    }
  }
}
