package dev.mongolake.server.rest.routes;

import dev.mongolake.BufferStats;
import dev.mongolake.MongoLake;
import dev.mongolake.Namespace;
import dev.mongolake.daktilo.TornTail;
import dev.mongolake.server.command.ServerContext;
import dev.mongolake.server.metrics.Gauge;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Point-in-time values measured on each scrape: connections and cursors from the server, and from
 * the lake the write-ahead log's size and the Delta commits the collections' tables hold.
 *
 * <p>Flushes are counted as Delta commits: after the commit that creates a table, each flush of a
 * collection's buffer commits one new table version, and the tables' own logs are the durable
 * record of them, so the count is right after a restart too and needs no hook inside the engine.
 */
public final class LakeGauges {

  private final MongoLake lake;
  private final ServerContext server;

  public LakeGauges(MongoLake lake, ServerContext server) {
    this.lake = lake;
    this.server = server;
  }

  public List<Gauge> measure() {
    BufferStats buffers = lake.bufferStats();
    return List.of(
        new Gauge(
            "mongolake_open_connections",
            "Open MongoDB wire protocol connections.",
            server.currentConnections()),
        new Gauge(
            "mongolake_connections_accepted",
            "Wire protocol connections accepted since start.",
            server.totalConnections()),
        new Gauge("mongolake_open_cursors", "Open server cursors.", server.cursors().openCount()),
        new Gauge(
            "mongolake_cursors_timed_out",
            "Cursors closed for being idle longer than the cursor timeout, since start.",
            server.cursors().timedOutCount()),
        new Gauge(
            "mongolake_log_size_bytes",
            "Bytes of the write-ahead log's segments on disk.",
            folderBytes(lake.options().path().resolve(Namespace.RESERVED_LOG_FOLDER))),
        new Gauge(
            "mongolake_buffered_bytes",
            "Changes acknowledged but not yet flushed to the tables, roughly, in bytes.",
            buffers.bufferedBytes()),
        new Gauge(
            "mongolake_write_stalls",
            "Writes that waited for a flush because the buffers were full, since start.",
            buffers.writeStalls()),
        new Gauge(
            "mongolake_write_stall_milliseconds",
            "Total time writes waited for a flush because the buffers were full, since start.",
            buffers.stalledFor().toMillis()),
        new Gauge(
            "mongolake_log_tail_cut_bytes",
            "Bytes cut off the end of the write-ahead log when it was opened (an incomplete"
                + " write a crash left, or a damaged last record); 0 when it ended cleanly.",
            lake.droppedLogTail().map(TornTail::bytes).orElse(0L)),
        new Gauge(
            "mongolake_table_commits",
            "Delta commits in the collections' tables: each table's creation, then one per flush.",
            tableCommits()));
  }

  private long tableCommits() {
    long commits = 0;
    for (String database : lake.listDatabaseNames()) {
      for (String collection : lake.db(database).listCollectionNames()) {
        try {
          commits +=
              lake.db(database)
                  .collection(collection)
                  .table()
                  .map(table -> table.snapshot().version() + 1)
                  .orElse(0L);
        } catch (RuntimeException e) {
          // A table dropped while it is read has no commits left to count.
        }
      }
    }
    return commits;
  }

  private static long folderBytes(Path folder) {
    if (!Files.isDirectory(folder)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).mapToLong(LakeGauges::sizeOrZero).sum();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot measure " + folder, e);
    }
  }

  // Compaction may delete a segment between listing and measuring it: it no longer counts.
  private static long sizeOrZero(Path file) {
    try {
      return Files.size(file);
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot measure " + file, e);
    }
  }
}
