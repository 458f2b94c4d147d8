package dev.mongolake.delta.iceberg.internal;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task on the thread that submits it. Iceberg writes and reads manifests on a shared
 * worker pool and waits for that work by polling with 10 ms sleeps; a commit of one Delta version
 * writes one small manifest, so running it in place saves the hand-off and the sleeps.
 */
final class CallingThreadExecutor extends AbstractExecutorService {
  static final CallingThreadExecutor INSTANCE = new CallingThreadExecutor();

  private CallingThreadExecutor() {}

  @Override
  public void execute(Runnable task) {
    task.run();
  }

  @Override
  public void shutdown() {
    throw new UnsupportedOperationException("Cannot shut down the calling-thread executor");
  }

  @Override
  public List<Runnable> shutdownNow() {
    throw new UnsupportedOperationException("Cannot shut down the calling-thread executor");
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return false;
  }
}
