package dev.mongolake.server.metrics;

import java.util.Locale;
import java.util.Map;

/**
 * Writes metrics in the Prometheus text exposition format (version 0.0.4): {@code # HELP} and
 * {@code # TYPE} lines, then one sample per line with escaped label values.
 */
final class PrometheusText {

  /** The media type scrapers expect for this format. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final StringBuilder out = new StringBuilder();

  void header(String name, String type, String help) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  void sample(String name, Map<String, String> labels, double value) {
    out.append(name);
    if (!labels.isEmpty()) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<String, String> label : labels.entrySet()) {
        if (!first) {
          out.append(',');
        }
        first = false;
        out.append(label.getKey()).append("=\"").append(escape(label.getValue())).append('"');
      }
      out.append('}');
    }
    out.append(' ').append(format(value)).append('\n');
  }

  void histogram(String name, Map<String, String> labels, LatencyHistogram histogram) {
    for (int i = 0; i < LatencyHistogram.BOUNDS.length; i++) {
      sample(
          name + "_bucket",
          with(labels, "le", format(LatencyHistogram.BOUNDS[i])),
          histogram.cumulative(i));
    }
    sample(name + "_bucket", with(labels, "le", "+Inf"), histogram.count());
    sample(name + "_sum", labels, histogram.sumSeconds());
    sample(name + "_count", labels, histogram.count());
  }

  @Override
  public String toString() {
    return out.toString();
  }

  private static Map<String, String> with(Map<String, String> labels, String key, String value) {
    java.util.LinkedHashMap<String, String> copy = new java.util.LinkedHashMap<>(labels);
    copy.put(key, value);
    return copy;
  }

  // Label values may hold client-chosen text (an unknown command's name): escape what the format
  // reserves so that one odd name cannot break the whole scrape.
  private static String escape(String value) {
    return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }

  private static String format(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, "%s", value);
  }
}
