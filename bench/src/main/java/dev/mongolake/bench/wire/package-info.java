/**
 * The wire-protocol side-by-side harness: the same driver workloads (ping, insertOne, find by
 * {@code _id}) against a durable MongoLake server and an in-memory MongoDB-protocol peer, started
 * in the same process, alternating round by round. Results are recorded in {@code BENCHMARKS.md}.
 */
package dev.mongolake.bench.wire;
