package dev.mongolake.server.metrics;

/**
 * A point-in-time value measured when metrics are scraped.
 *
 * @param name the Prometheus metric name
 * @param help one line saying what it measures
 * @param value the current value
 */
public record Gauge(String name, String help, double value) {}
