package dev.mongolake.bench.documents;

import dev.mongolake.CollectionTableConfigs;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.log.AddFile;
import dev.mongolake.delta.storage.FileSystemStorage;
import dev.mongolake.delta.table.AutoPromote;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bson.BsonDocument;

/**
 * DuckDB over the same documents in four layouts (issue 21): (a) the engine's plain layout ({@code
 * _id} and the whole document as a Parquet Variant), (b) the engine with automatic promotion at
 * {@code --threshold} (typed columns beside the Variant), (c) (a)'s rows copied by DuckDB itself,
 * which shreds the Variant ({@code typed_value} inside the {@code doc} group), and (d) a typed
 * export (one typed column per field, the sub-document a STRUCT, the array a LIST). Queries: {@code
 * count(*) WHERE status = 'active'}, {@code SELECT * WHERE status = 'active' LIMIT 100} and {@code
 * count(*) GROUP BY status}, each layout in turn (the starting layout rotating per round), one
 * warm-up round, the median of {@code --runs}. DuckDB reads the live files of each Delta snapshot,
 * never a glob. Prints the engine's write time for (a) and (b) and the bytes of every layout.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
 *   -cp 'bench/target/bench.jar:bench/target/lib/*' dev.mongolake.bench.documents.DuckDbLayoutBench \
 *   --dir /tmp/duckdb-layout --docs 1000000 --runs 5
 * </pre>
 *
 * {@code --reuse} skips the loads when {@code --dir} holds them from an earlier run; the copies (c)
 * and (d) are made when their files are missing (delete them to make them again).
 */
public final class DuckDbLayoutBench {

  private static final int BATCH = 1_000;
  private static final long SEED = 21;

  private DuckDbLayoutBench() {}

  /** One layout: how DuckDB names its files and reads {@code status}. */
  private record Layout(String name, String files, String status, long bytes, int fileCount) {
    String from() {
      return "read_parquet(" + files + ", union_by_name = true)";
    }
  }

  /** One query, written for a layout. */
  private interface Query {
    String sql(Layout layout);
  }

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int documents = 1_000_000;
    int runs = 5;
    double threshold = 0.9;
    boolean reuse = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--threshold" -> threshold = Double.parseDouble(args[++i]);
        case "--reuse" -> reuse = true;
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    Path plainDir = dir.resolve("plain");
    Path promotedDir = dir.resolve("promoted");
    if (!reuse) {
      deleteTree(plainDir);
      deleteTree(promotedDir);
      // A throwaway load first, so that neither measured load pays the JIT's warm-up.
      load("warm-up", dir.resolve("warmup"), DocumentTableConfig.defaults(), 50_000);
      deleteTree(dir.resolve("warmup"));
      load("(a) plain Variant", plainDir, DocumentTableConfig.defaults(), documents);
      load(
          "(b) autoPromote " + threshold,
          promotedDir,
          DocumentTableConfig.defaults().withAutoPromote(AutoPromote.atThreshold(threshold)),
          documents);
    }
    try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:")) {
      Layout plain = live("(a) plain Variant", plainDir, "doc.status::VARCHAR");
      Layout promoted = live("(b) promoted columns", promotedDir, "status");
      Path shreddedFile = dir.resolve("shredded.parquet");
      Path typedFile = dir.resolve("typed.parquet");
      if (!Files.exists(shreddedFile)) {
        copy(duckdb, "(c) DuckDB shredded copy", "SELECT * FROM " + plain.from(), shreddedFile);
      }
      if (!Files.exists(typedFile)) {
        copy(duckdb, "(d) typed export", typedSelect(plain), typedFile);
      }
      Layout shredded = single("(c) shredded Variant", shreddedFile, "doc.status::VARCHAR");
      Layout typed = single("(d) typed Parquet", typedFile, "status");
      List<Layout> layouts = List.of(plain, promoted, shredded, typed);
      for (Layout layout : layouts) {
        System.out.printf(
            "%-22s %3d files %,14d bytes  first file: %s%n",
            layout.name(), layout.fileCount(), layout.bytes(), describeDoc(duckdb, layout));
      }
      Map<String, Query> queries = new LinkedHashMap<>();
      queries.put(
          "count WHERE status = 'active'",
          l -> "SELECT count(*) FROM " + l.from() + " WHERE " + l.status() + " = 'active'");
      queries.put(
          "SELECT * WHERE status = 'active' LIMIT 100",
          l -> "SELECT * FROM " + l.from() + " WHERE " + l.status() + " = 'active' LIMIT 100");
      queries.put(
          "count(*) GROUP BY status",
          l ->
              "SELECT "
                  + l.status()
                  + " AS s, count(*) FROM "
                  + l.from()
                  + " GROUP BY s ORDER BY s");
      Map<String, Map<Layout, List<Double>>> times = new LinkedHashMap<>();
      for (int round = 0; round <= runs; round++) {
        for (Map.Entry<String, Query> query : queries.entrySet()) {
          Map<Layout, List<Double>> byLayout =
              times.computeIfAbsent(query.getKey(), k -> new LinkedHashMap<>());
          for (int k = 0; k < layouts.size(); k++) {
            Layout layout = layouts.get((round + k) % layouts.size());
            String sql = query.getValue().sql(layout);
            long start = System.nanoTime();
            String result = run(duckdb, sql);
            double millis = (System.nanoTime() - start) / 1e6;
            if (round == 0) {
              System.out.printf(
                  "warm-up %-44s %-22s %9.1f ms  %s%n",
                  query.getKey(), layout.name(), millis, result);
            } else {
              byLayout.computeIfAbsent(layout, l -> new ArrayList<>()).add(millis);
            }
          }
        }
      }
      System.out.printf("%nmedians of %d runs, %,d documents%n", runs, documents);
      System.out.printf("| query | %s |%n", names(layouts));
      times.forEach(
          (query, byLayout) -> {
            double base = median(byLayout.get(typed));
            String cells =
                layouts.stream()
                    .map(
                        l -> {
                          double m = median(byLayout.get(l));
                          return String.format("%,.1f ms (%.1fx)", m, m / base);
                        })
                    .collect(Collectors.joining(" | "));
            System.out.printf("| %s | %s |%n", query, cells);
            byLayout.forEach((l, values) -> System.out.printf("  %-22s %s%n", l.name(), values));
          });
      System.out.printf(
          "| bytes (files) | %s |%n",
          layouts.stream()
              .map(
                  l ->
                      String.format(
                          "%,.1f MB (%d, %.1fx)",
                          l.bytes() / 1e6, l.fileCount(), (double) l.bytes() / typed.bytes()))
              .collect(Collectors.joining(" | ")));
    }
  }

  /** Writes the documents through the embedded API into a lake at {@code dir}, then flushes. */
  private static void load(String name, Path dir, DocumentTableConfig config, int documents)
      throws IOException {
    Files.createDirectories(dir);
    MongoLakeOptions options =
        MongoLakeOptions.defaults()
            .withPath(dir)
            .withDurability(Durability.BATCH)
            .withFlushInterval(Duration.ofDays(1))
            .withTableConfigs(CollectionTableConfigs.plain().withDefaults(config));
    long start = System.nanoTime();
    long flushStart;
    try (MongoLake lake = MongoLake.open(options)) {
      MongoLakeCollection<BsonDocument> users =
          lake.db("bench").collection("users", BsonDocument.class);
      AppUserDocuments.generate(documents, SEED, BATCH, users::insertMany);
      flushStart = System.nanoTime();
      lake.flush();
    }
    long end = System.nanoTime();
    System.out.printf(
        "write %-22s %,d documents in %.1f s (%,.0f docs/s), final flush %.1f s%n",
        name,
        documents,
        (end - start) / 1e9,
        documents / ((end - start) / 1e9),
        (end - flushStart) / 1e9);
  }

  /** The live files of {@code bench.users}' Delta snapshot in the lake at {@code dir}. */
  private static Layout live(String name, Path dir, String status) {
    Path table = dir.resolve("bench").resolve("users");
    try (FileSystemStorage storage = new FileSystemStorage(table)) {
      List<AddFile> files = DeltaTable.forPath(storage, "").snapshot().files();
      String list =
          files.stream()
              .map(file -> "'" + table.resolve(file.path()).toAbsolutePath() + "'")
              .collect(Collectors.joining(", ", "[", "]"));
      long bytes = files.stream().mapToLong(AddFile::size).sum();
      return new Layout(name, list, status, bytes, files.size());
    }
  }

  private static Layout single(String name, Path file, String status) throws IOException {
    return new Layout(name, "['" + file.toAbsolutePath() + "']", status, Files.size(file), 1);
  }

  /**
   * The typed export: every field of (a)'s documents cast from the Variant to its column type, as
   * an application's own typed table holds them.
   */
  private static String typedSelect(Layout plain) {
    return "SELECT _id, doc.name::VARCHAR AS name, doc.email::VARCHAR AS email,"
        + " doc.status::VARCHAR AS status, doc.plan::VARCHAR AS plan,"
        + " doc.country::VARCHAR AS country, doc.age::INTEGER AS age,"
        + " doc.logins::INTEGER AS logins, doc.bytesUsed::BIGINT AS bytesUsed,"
        + " doc.score::DOUBLE AS score, doc.verified::BOOLEAN AS verified,"
        + " doc.createdAt::TIMESTAMPTZ AS createdAt, doc.lastLoginAt::TIMESTAMPTZ AS lastLoginAt,"
        + " doc.address::STRUCT(street VARCHAR, city VARCHAR, zip VARCHAR) AS address,"
        + " doc.tags::VARCHAR[] AS tags FROM "
        + plain.from();
  }

  private static void copy(Connection duckdb, String name, String select, Path target)
      throws SQLException {
    long start = System.nanoTime();
    try (Statement statement = duckdb.createStatement()) {
      statement.execute(
          "COPY ("
              + select
              + ") TO '"
              + target.toAbsolutePath()
              + "' (FORMAT parquet, COMPRESSION zstd)");
    }
    System.out.printf("copy %-22s %.1f s%n", name, (System.nanoTime() - start) / 1e9);
  }

  /** How DuckDB's Parquet schema describes the {@code doc} column's children, if any. */
  private static String describeDoc(Connection duckdb, Layout layout) throws SQLException {
    String first =
        layout
            .files()
            .substring(
                1,
                layout.files().indexOf(',') > 0
                    ? layout.files().indexOf(',')
                    : layout.files().length() - 1);
    try (Statement statement = duckdb.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT count(*), count(*) FILTER (WHERE name = 'typed_value') FROM parquet_schema("
                    + first
                    + ")")) {
      rows.next();
      return rows.getLong(1) + " schema elements, " + rows.getLong(2) + " typed_value groups";
    }
  }

  /** Runs {@code sql}, reads every value of every row, returns the first row and the row count. */
  private static String run(Connection duckdb, String sql) {
    try (Statement statement = duckdb.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      int columns = rows.getMetaData().getColumnCount();
      long n = 0;
      String first = "";
      while (rows.next()) {
        StringBuilder row = new StringBuilder();
        for (int c = 1; c <= columns; c++) {
          String value = rows.getString(c);
          if (n == 0 && row.length() < 120) {
            row.append(value).append(' ');
          }
        }
        if (n == 0) {
          first = row.length() > 120 ? row.substring(0, 120) : row.toString();
        }
        n++;
      }
      return n + " rows, first: " + first;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot run " + sql + ": " + e.getMessage(), e);
    }
  }

  private static String names(List<Layout> layouts) {
    return layouts.stream().map(Layout::name).collect(Collectors.joining(" | "));
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted((x, y) -> y.compareTo(x)).toList()) {
        Files.delete(path);
      }
    }
  }
}
