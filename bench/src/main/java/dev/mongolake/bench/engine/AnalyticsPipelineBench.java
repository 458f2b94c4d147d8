package dev.mongolake.bench.engine;

import static dev.mongolake.bench.engine.PipelineRuns.currentFiles;
import static dev.mongolake.bench.engine.PipelineRuns.drain;
import static dev.mongolake.bench.engine.PipelineRuns.measure;
import static dev.mongolake.bench.engine.PipelineRuns.query;

import dev.mongolake.CollectionTableConfigs;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.delta.parquet.DocumentSchema;
import dev.mongolake.delta.table.DocumentTableConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * The analytical pipeline of the aggregation issue, side by side with DuckDB over the same Parquet
 * files: {@code [{$match: {status: "active"}}, {$group: {_id: "$department", n: {$sum: 1}, avg:
 * {$avg: "$salary"}}}, {$sort: {n: -1}}]} through the embedded engine, and {@code SELECT
 * department, count(*), avg(salary) ... GROUP BY department ORDER BY 2 DESC} with {@code
 * read_parquet} over the table's current files (its promoted, typed columns), plus {@code $sort} of
 * every document by salary with a limit, and the same in DuckDB. Medians of {@code --runs}:
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.AnalyticsPipelineBench \
 *   --dir /tmp/analytics-bench --docs 1000000 --load
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.AnalyticsPipelineBench \
 *   --dir /tmp/analytics-bench
 * </pre>
 */
public final class AnalyticsPipelineBench {

  private static final int BATCH = 1_000;
  private static final String[] DEPARTMENTS = new String[20];

  static {
    for (int i = 0; i < DEPARTMENTS.length; i++) {
      DEPARTMENTS[i] = "department-" + i;
    }
  }

  private AnalyticsPipelineBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int documents = 1_000_000;
    int runs = 3;
    boolean load = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--load" -> load = true;
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    if (load) {
      load(dir, documents);
      return;
    }
    String files = currentFiles(dir, "people");
    try (MongoLake lake = MongoLake.open(options(dir));
        Connection duckdb = DriverManager.getConnection("jdbc:duckdb:")) {
      MongoLakeCollection<BsonDocument> people =
          lake.db("bench").collection("people", BsonDocument.class);
      List<BsonDocument> group =
          List.of(
              BsonDocument.parse("{$match: {status: 'active'}}"),
              BsonDocument.parse(
                  "{$group: {_id: '$department', n: {$sum: 1}, avg: {$avg: '$salary'}}}"),
              BsonDocument.parse("{$sort: {n: -1}}"));
      List<BsonDocument> top =
          List.of(BsonDocument.parse("{$sort: {salary: -1}}"), BsonDocument.parse("{$limit: 10}"));
      double engineGroup =
          measure("mongolake $match/$group/$sort", runs, () -> drain(people, group));
      double duckGroup =
          measure(
              "duckdb same query",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT department, count(*) AS n, avg(salary) FROM read_parquet("
                          + files
                          + ") WHERE status = 'active' GROUP BY department ORDER BY n DESC"));
      double engineTop =
          measure("mongolake $sort {salary: -1} $limit 10", runs, () -> drain(people, top));
      double duckTop =
          measure(
              "duckdb same query",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT _id, salary FROM read_parquet("
                          + files
                          + ") ORDER BY salary DESC LIMIT 10"));
      double engineCount =
          measure(
              "mongolake countDocuments({status: 'active'})",
              runs,
              () -> people.countDocuments(BsonDocument.parse("{status: 'active'}")));
      double duckCount =
          measure(
              "duckdb same count",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT count(*) FROM read_parquet(" + files + ") WHERE status = 'active'"));
      // The same query over a collection whose fields are only in the document (Variant) column.
      MongoLakeCollection<BsonDocument> plain =
          lake.db("bench").collection("people_plain", BsonDocument.class);
      double engineVariant =
          measure("mongolake same, Variant fields", runs, () -> drain(plain, group));
      String plainFiles = currentFiles(dir, "people_plain");
      double duckVariant =
          measure(
              "duckdb same, Variant fields",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT doc.department::VARCHAR AS department, count(*) AS n,"
                          + " avg(doc.salary::INTEGER) FROM read_parquet("
                          + plainFiles
                          + ") WHERE doc.status::VARCHAR = 'active' GROUP BY 1 ORDER BY n DESC"));
      double engineVariantTop =
          measure("mongolake top-10, Variant fields", runs, () -> drain(plain, top));
      double duckVariantTop =
          measure(
              "duckdb same top-10, Variant fields",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT _id, doc.salary::INTEGER AS salary FROM read_parquet("
                          + plainFiles
                          + ") ORDER BY salary DESC LIMIT 10"));
      double engineVariantCount =
          measure(
              "mongolake count, Variant fields",
              runs,
              () -> plain.countDocuments(BsonDocument.parse("{status: 'active'}")));
      double duckVariantCount =
          measure(
              "duckdb same count, Variant fields",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT count(*) FROM read_parquet("
                          + plainFiles
                          + ") WHERE doc.status::VARCHAR = 'active'"));
      System.out.printf(
          "ratios (mongolake / duckdb): group %.1fx, top-10 %.1fx, count %.1fx; Variant fields:"
              + " group %.1fx, top-10 %.1fx, count %.1fx%n",
          engineGroup / duckGroup,
          engineTop / duckTop,
          engineCount / duckCount,
          engineVariant / duckVariant,
          engineVariantTop / duckVariantTop,
          engineVariantCount / duckVariantCount);
    }
  }

  private static dev.mongolake.MongoLakeOptions options(Path dir) {
    DocumentTableConfig config =
        DocumentTableConfig.defaults()
            .withSchema(
                DocumentSchema.parse(
                    BsonDocument.parse("{status: 'string', department: 'string', salary: 'int'}")));
    return LoadOptions.flushingBySize(dir)
        .withTableConfigs(CollectionTableConfigs.plain().with("bench.people", config));
  }

  private static void load(Path dir, int documents) throws Exception {
    Files.createDirectories(dir);
    Random random = new Random(11);
    try (MongoLake lake = MongoLake.open(options(dir))) {
      MongoLakeCollection<BsonDocument> people =
          lake.db("bench").collection("people", BsonDocument.class);
      MongoLakeCollection<BsonDocument> plain =
          lake.db("bench").collection("people_plain", BsonDocument.class);
      long start = System.nanoTime();
      List<BsonDocument> batch = new ArrayList<>(BATCH);
      for (int i = 0; i < documents; i++) {
        batch.add(
            new BsonDocument("_id", new BsonInt32(i))
                .append("name", new BsonString("person-" + i))
                .append("status", new BsonString(random.nextInt(3) == 0 ? "inactive" : "active"))
                .append(
                    "department", new BsonString(DEPARTMENTS[random.nextInt(DEPARTMENTS.length)]))
                .append("salary", new BsonInt32(30_000 + random.nextInt(170_000))));
        if (batch.size() == BATCH) {
          people.insertMany(batch);
          plain.insertMany(batch);
          batch = new ArrayList<>(BATCH);
        }
      }
      if (!batch.isEmpty()) {
        people.insertMany(batch);
        plain.insertMany(batch);
      }
      lake.flush();
      System.out.printf(
          "loaded %d documents in %.1f s%n", documents, (System.nanoTime() - start) / 1e9);
    }
  }
}
