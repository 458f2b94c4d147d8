package dev.mongolake.server.metrics;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server's counters and latency histograms: every command (whether it came over the wire or
 * through a REST route, since both go through the command dispatcher), every HTTP request, and the
 * documents written. Thread-safe; rendered in Prometheus text format by {@link #render}.
 *
 * <p>Label values are bounded by the caller: command names are registered names (unknown commands
 * are counted under one label) and routes are route patterns, never raw paths, so a client cannot
 * grow the series without bound.
 */
public final class ServerMetrics {

  /** The label under which commands the registry does not know are counted. */
  public static final String UNKNOWN_COMMAND = "<unknown>";

  private final ConcurrentMap<String, CommandSeries> commands = new ConcurrentHashMap<>();
  private final ConcurrentMap<HttpKey, LongAdder> httpRequests = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, LatencyHistogram> httpLatency = new ConcurrentHashMap<>();
  private final LongAdder inserted = new LongAdder();
  private final LongAdder updated = new LongAdder();
  private final LongAdder deleted = new LongAdder();

  /**
   * Records one finished command.
   *
   * @param measured whether {@code nanos} goes into the latency histogram (not for commands that
   *     wait by design, such as an awaitable {@code hello})
   */
  public void commandFinished(String name, long nanos, boolean ok, boolean measured) {
    CommandSeries series = commands.computeIfAbsent(name, n -> new CommandSeries());
    series.total.increment();
    if (!ok) {
      series.failed.increment();
    }
    if (measured) {
      series.latency.record(nanos);
    }
  }

  /** Records the documents a write changed. */
  public void documentsWritten(long insertedCount, long updatedCount, long deletedCount) {
    inserted.add(insertedCount);
    updated.add(updatedCount);
    deleted.add(deletedCount);
  }

  /** Records one answered HTTP request. */
  public void httpRequestFinished(String method, String route, int status, long nanos) {
    httpRequests
        .computeIfAbsent(new HttpKey(method, route, status), k -> new LongAdder())
        .increment();
    httpLatency.computeIfAbsent(route, r -> new LatencyHistogram()).record(nanos);
  }

  /** How many times a command ran (for tests and diagnostics). */
  public long commandCount(String name) {
    CommandSeries series = commands.get(name);
    return series == null ? 0 : series.total.sum();
  }

  /** The metrics, followed by the point-in-time {@code gauges}, in Prometheus text format. */
  public String render(List<Gauge> gauges) {
    PrometheusText text = new PrometheusText();
    for (Gauge gauge : gauges) {
      text.header(gauge.name(), "gauge", gauge.help());
      text.sample(gauge.name(), Map.of(), gauge.value());
    }
    Map<String, CommandSeries> sorted = new TreeMap<>(commands);
    text.header("mongolake_commands_total", "counter", "Commands run, by command name.");
    sorted.forEach(
        (name, s) ->
            text.sample("mongolake_commands_total", Map.of("command", name), s.total.sum()));
    text.header("mongolake_command_failures_total", "counter", "Commands that answered ok: 0.");
    sorted.forEach(
        (name, s) ->
            text.sample(
                "mongolake_command_failures_total", Map.of("command", name), s.failed.sum()));
    text.header(
        "mongolake_command_duration_seconds", "histogram", "Time to run a command, by name.");
    sorted.forEach(
        (name, s) ->
            text.histogram(
                "mongolake_command_duration_seconds", Map.of("command", name), s.latency));
    text.header("mongolake_documents_inserted_total", "counter", "Documents inserted.");
    text.sample("mongolake_documents_inserted_total", Map.of(), inserted.sum());
    text.header("mongolake_documents_updated_total", "counter", "Documents modified by updates.");
    text.sample("mongolake_documents_updated_total", Map.of(), updated.sum());
    text.header("mongolake_documents_deleted_total", "counter", "Documents deleted.");
    text.sample("mongolake_documents_deleted_total", Map.of(), deleted.sum());
    text.header(
        "mongolake_http_requests_total", "counter", "REST requests, by method, route and status.");
    new TreeMap<>(httpRequests)
        .forEach(
            (key, count) -> text.sample("mongolake_http_requests_total", labels(key), count.sum()));
    text.header(
        "mongolake_http_request_duration_seconds", "histogram", "Time to answer a REST request.");
    new TreeMap<>(httpLatency)
        .forEach(
            (route, h) ->
                text.histogram(
                    "mongolake_http_request_duration_seconds", Map.of("route", route), h));
    return text.toString();
  }

  /** The media type of {@link #render}'s output. */
  public static String contentType() {
    return PrometheusText.CONTENT_TYPE;
  }

  private static Map<String, String> labels(HttpKey key) {
    Map<String, String> labels = new java.util.LinkedHashMap<>();
    labels.put("method", key.method());
    labels.put("route", key.route());
    labels.put("status", Integer.toString(key.status()));
    return labels;
  }

  private static final class CommandSeries {
    final LongAdder total = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LatencyHistogram latency = new LatencyHistogram();
  }

  private record HttpKey(String method, String route, int status) implements Comparable<HttpKey> {
    @Override
    public int compareTo(HttpKey other) {
      int byRoute = route.compareTo(other.route);
      if (byRoute != 0) {
        return byRoute;
      }
      int byMethod = method.compareTo(other.method);
      return byMethod != 0 ? byMethod : Integer.compare(status, other.status);
    }
  }
}
