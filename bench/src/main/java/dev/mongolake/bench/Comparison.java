package dev.mongolake.bench;

/**
 * One row of the side-by-side report: the same work done by a raw baseline and by the engine.
 *
 * @param name what the row measures, as printed
 * @param baseline the raw baseline
 * @param engine the same work through the engine's public API
 * @param target what the engine must reach
 */
public record Comparison(String name, Workload baseline, Workload engine, Target target) {}
