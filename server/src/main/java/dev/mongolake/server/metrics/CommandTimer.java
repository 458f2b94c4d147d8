package dev.mongolake.server.metrics;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Measures commands as the dispatcher runs them: one call per finished command feeds the command
 * counters, latency histograms and document counters.
 */
public final class CommandTimer {

  private final ServerMetrics metrics;

  public CommandTimer(ServerMetrics metrics) {
    this.metrics = metrics;
  }

  /**
   * Records a finished command.
   *
   * @param name the registered command name, or {@link ServerMetrics#UNKNOWN_COMMAND}
   * @param startNanos {@link System#nanoTime()} when the command started
   * @param measured whether its duration goes into the latency histogram
   */
  public void finished(
      String name, long startNanos, BsonDocument body, BsonDocument reply, boolean measured) {
    long nanos = System.nanoTime() - startNanos;
    BsonValue ok = reply.get("ok");
    boolean succeeded = ok != null && ok.isNumber() && ok.asNumber().doubleValue() == 1.0;
    metrics.commandFinished(name, nanos, succeeded, measured);
    if (succeeded) {
      WrittenDocuments.count(metrics, name, body, reply);
    }
  }
}
