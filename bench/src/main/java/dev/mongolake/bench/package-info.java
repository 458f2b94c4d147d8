/**
 * Benchmarks: JMH micro-benchmarks and the side-by-side harness that measures MongoLake against its
 * raw baselines (plain FileChannel loops, bare parquet-java, peers) in the same run. Results and
 * the commands that produce them are recorded in {@code BENCHMARKS.md}.
 */
package dev.mongolake.bench;
