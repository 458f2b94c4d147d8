package dev.mongolake.server.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One selector thread: waits for readiness of its connections' sockets and runs the tasks other
 * threads hand it, in order. Everything a {@link LoopConnection} does to its socket happens here.
 */
final class EventLoop implements AutoCloseable {

  /** What a registered channel's key carries: called when the channel is ready. */
  interface ReadyHandler {
    void ready(SelectionKey key);
  }

  private static final Logger LOG = LoggerFactory.getLogger(EventLoop.class);

  private final Selector selector;
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final Thread thread;
  private volatile boolean closing;

  EventLoop(String name) {
    try {
      this.selector = Selector.open();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open a selector: " + e.getMessage(), e);
    }
    this.thread = Thread.ofPlatform().name(name).daemon().unstarted(this::loop);
  }

  void start() {
    thread.start();
  }

  Selector selector() {
    return selector;
  }

  boolean inLoop() {
    return Thread.currentThread() == thread;
  }

  /**
   * Runs {@code task} on the loop's thread, after the tasks handed in before it. Wakes the loop
   * (one wake-up covers every task queued before the loop next looks).
   */
  void execute(Runnable task) {
    tasks.add(task);
    if (!inLoop()) {
      selector.wakeup();
    }
  }

  private void loop() {
    try {
      while (!closing) {
        selector.select(this::dispatch);
        runTasks();
      }
    } catch (ClosedSelectorException e) {
      // Closed by close().
    } catch (IOException | RuntimeException | Error e) {
      LOG.error("Event loop {} failed; its connections are closed", thread.getName(), e);
    } finally {
      closeAll();
    }
  }

  // Handlers and tasks catch their own failures (closing their connection); these catches are the
  // last line that keeps one connection's failure, an Error included, from ending the loop.
  private void dispatch(SelectionKey key) {
    try {
      ((ReadyHandler) key.attachment()).ready(key);
    } catch (RuntimeException | Error e) {
      LOG.error("Connection handler failed on {}", thread.getName(), e);
      key.cancel();
      closeQuietly(key);
    }
  }

  private void runTasks() {
    Runnable task;
    while ((task = tasks.poll()) != null) {
      try {
        task.run();
      } catch (RuntimeException | Error e) {
        LOG.error("Task failed on {}", thread.getName(), e);
      }
    }
  }

  private void closeAll() {
    runTasks();
    try {
      for (SelectionKey key : selector.keys()) {
        closeQuietly(key);
      }
      selector.close();
    } catch (IOException | ClosedSelectorException e) {
      LOG.debug("Closing event loop {}: {}", thread.getName(), e.getMessage());
    }
  }

  private static void closeQuietly(SelectionKey key) {
    try {
      key.channel().close();
    } catch (IOException ignored) {
      // Closing anyway.
    }
  }

  /** Stops the loop and closes the sockets still registered. */
  @Override
  public void close() {
    closing = true;
    selector.wakeup();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
