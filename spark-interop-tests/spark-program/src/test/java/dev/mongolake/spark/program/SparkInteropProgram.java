package dev.mongolake.spark.program;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.unsafe.types.VariantVal;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The Spark side of the interoperability tests, run as a child process on Java 17 or 21 with
 * delta-spark. Given a work folder, it reads every table under {@code ours/} (written by the
 * library) and writes the tables under {@code spark/}; for each table it writes to {@code rows/}
 * the rows Spark reads ({@code <side>-<table>.jsonl}: one JSON array of column texts per row), the
 * schema Spark sees ({@code .schema.json}) or, when Spark fails, the failure ({@code .error}).
 *
 * <p>Column texts: {@code null}, integers in decimal, {@code f}/{@code d} before floats and
 * doubles, {@code n} before decimals, JSON strings, {@code 0x} hex for binary, {@code date:} days
 * and {@code ts:} microseconds since the epoch, {@code {a,b}} structs, {@code [a,b]} arrays, {@code
 * <k=v,...>} maps sorted by entry text, {@code variant:} and the JSON of a VARIANT value.
 */
public final class SparkInteropProgram {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SparkSession spark;
  private final Path rows;

  private SparkInteropProgram(SparkSession spark, Path rows) {
    this.spark = spark;
    this.rows = rows;
  }

  /** Runs the Spark side in the work folder {@code args[0]}. */
  public static void main(String[] args) throws IOException {
    Path work = Path.of(args[0]);
    Path rows = Files.createDirectories(work.resolve("rows"));
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("mongolake-spark-interop")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.warehouse.dir", work.resolve("warehouse").toUri().toString())
            .config("spark.local.dir", work.resolve("tmp").toString())
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.default.parallelism", "2")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.datetime.java8API.enabled", "true")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
            .config(
                "spark.sql.catalog.spark_catalog",
                "org.apache.spark.sql.delta.catalog.DeltaCatalog")
            .config("spark.databricks.delta.snapshotPartitions", "2")
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      SparkInteropProgram program = new SparkInteropProgram(spark, rows);
      Path ours = work.resolve("ours");
      if (Files.isDirectory(ours)) {
        try (Stream<Path> tables = Files.list(ours)) {
          for (Path table : tables.sorted().toList()) {
            program.dump("ours", table);
            program.dumpPaths(table);
          }
        }
      }
      program.writeSparkTables(Files.createDirectories(work.resolve("spark")));
    } finally {
      spark.stop();
    }
  }

  private void writeSparkTables(Path spark) throws IOException {
    write(spark.resolve("deletion-vectors"), this::deletionVectors);
    write(spark.resolve("column-mapping"), t -> columnMapping(t, "name"));
    write(spark.resolve("column-mapping-id"), t -> columnMapping(t, "id"));
    write(spark.resolve("v2-checkpoint"), this::v2Checkpoint);
    write(spark.resolve("type-widening"), this::typeWidening);
    write(spark.resolve("variant"), this::variant);
  }

  private void deletionVectors(String t) {
    sql(
        "CREATE TABLE %s (id BIGINT, name STRING, score DOUBLE) USING delta"
            + " TBLPROPERTIES ('delta.enableDeletionVectors' = 'true',"
            + " 'delta.checkpointInterval' = '4')",
        t);
    sql("INSERT INTO %s SELECT id, concat('n', id), id * 1.5 FROM range(0, 300, 1, 2)", t);
    sql("DELETE FROM %s WHERE id %% 7 = 0", t);
    sql("UPDATE %s SET name = concat(name, '-u'), score = -score WHERE id %% 5 = 0", t);
    sql("DELETE FROM %s WHERE id BETWEEN 100 AND 109", t);
  }

  private void columnMapping(String t, String mode) {
    sql(
        "CREATE TABLE %s (id INT, label STRING, info STRUCT<a: INT, b: STRING>, tags"
            + " ARRAY<STRING>, attrs MAP<STRING, INT>, day DATE, at TIMESTAMP, amount"
            + " DECIMAL(10,2), raw BINARY, flag BOOLEAN, ratio FLOAT) USING delta TBLPROPERTIES"
            + " ('delta.columnMapping.mode' = '%s')",
        t, mode);
    sql(
        "INSERT INTO %s VALUES (1, 'one', named_struct('a', 1, 'b', 'x'), array('p', 'q'),"
            + " map('k', 1), DATE'2024-02-29', TIMESTAMP'2024-02-29 12:34:56.789',"
            + " 12.34, X'CAFE', true, 0.5), (2, null, null, array(), map(), null, null, null,"
            + " null, false, null)",
        t);
    sql("ALTER TABLE %s RENAME COLUMN label TO title", t);
    sql("ALTER TABLE %s RENAME COLUMN info.b TO bee", t);
    sql("ALTER TABLE %s DROP COLUMN ratio", t);
    sql("ALTER TABLE %s ADD COLUMNS (extra STRING)", t);
    sql(
        "INSERT INTO %s VALUES (3, 'three', named_struct('a', 3, 'bee', 'z'), array('r'),"
            + " map('m', 3, 'n', 4), DATE'1969-12-31', TIMESTAMP'1970-01-01 00:00:00',"
            + " -0.01, X'00', null, 'added')",
        t);
  }

  private void v2Checkpoint(String t) {
    sql(
        "CREATE TABLE %s (id BIGINT, v STRING) USING delta TBLPROPERTIES"
            + " ('delta.checkpointPolicy' = 'v2', 'delta.checkpointInterval' = '3')",
        t);
    for (int batch = 0; batch < 5; batch++) {
      sql(
          "INSERT INTO %s SELECT id, concat('b', id) FROM range(%d, %d, 1, 1)",
          t, batch * 10, batch * 10 + 10);
    }
    sql("DELETE FROM %s WHERE id %% 4 = 0", t);
  }

  private void typeWidening(String t) {
    sql(
        "CREATE TABLE %s (id SMALLINT, x INT, f FLOAT) USING delta TBLPROPERTIES"
            + " ('delta.enableTypeWidening' = 'true')",
        t);
    sql("INSERT INTO %s VALUES (1, 10, 1.5), (2, 20, 2.5)", t);
    sql("ALTER TABLE %s ALTER COLUMN id TYPE INT", t);
    sql("ALTER TABLE %s ALTER COLUMN x TYPE BIGINT", t);
    sql("ALTER TABLE %s ALTER COLUMN f TYPE DOUBLE", t);
    sql("INSERT INTO %s VALUES (100000, 30000000000, 3.25)", t);
  }

  private void variant(String t) {
    sql("CREATE TABLE %s (id INT, v VARIANT) USING delta", t);
    sql(
        "INSERT INTO %s VALUES (1, parse_json('{\"a\": 1, \"b\": \"x\", \"c\": [true, null]}')),"
            + " (2, parse_json('2.5')), (3, null)",
        t);
  }

  private interface TableWriter {
    void write(String table);
  }

  /** Writes a table (a failure is recorded, not thrown) and then dumps what Spark reads of it. */
  private void write(Path table, TableWriter writer) throws IOException {
    String name = "spark-" + table.getFileName();
    try {
      writer.write("delta.`" + table + "`");
    } catch (Exception e) {
      Files.writeString(rows.resolve(name + ".error"), stackTrace(e), StandardCharsets.UTF_8);
      return;
    }
    dump("spark", table);
  }

  /** Spark SQL's {@code variant_get} over a document table's {@code doc} column. */
  private void dumpPaths(Path table) throws IOException {
    dump(
        "ours-" + table.getFileName() + "-paths",
        () ->
            spark.sql(
                "SELECT _id, variant_get(doc, '$.profile.name', 'string'),"
                    + " variant_get(doc, '$.tags[0]', 'string'),"
                    + " variant_get(doc, '$.score', 'double') FROM delta.`"
                    + table
                    + "`"));
  }

  private interface Query {
    Dataset<Row> run();
  }

  private void dump(String side, Path table) throws IOException {
    dump(
        side + "-" + table.getFileName(),
        () -> spark.read().format("delta").load(table.toString()));
  }

  /** Writes a query's rows as {@code <name>.jsonl} and its schema, or its failure. */
  private void dump(String name, Query query) throws IOException {
    try {
      Dataset<Row> frame = query.run();
      Files.writeString(rows.resolve(name + ".schema.json"), frame.schema().json());
      List<String> lines = new ArrayList<>();
      for (Row row : frame.collectAsList()) {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < row.length(); i++) {
          texts.add(text(row.get(i)));
        }
        lines.add(JSON.writeValueAsString(texts));
      }
      Files.write(rows.resolve(name + ".jsonl"), lines, StandardCharsets.UTF_8);
    } catch (Exception e) {
      Files.writeString(rows.resolve(name + ".error"), stackTrace(e), StandardCharsets.UTF_8);
    }
  }

  private void sql(String template, Object... args) {
    spark.sql(String.format(template, args)).collectAsList();
  }

  private static String text(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Boolean) {
      return value.toString();
    }
    if (value instanceof Float) {
      return "f" + value;
    }
    if (value instanceof Double) {
      return "d" + value;
    }
    if (value instanceof BigDecimal decimal) {
      return "n" + decimal.toPlainString();
    }
    if (value instanceof String string) {
      return new TextNode(string).toString();
    }
    if (value instanceof byte[] bytes) {
      return "0x" + HexFormat.of().formatHex(bytes);
    }
    if (value instanceof LocalDate date) {
      return "date:" + date.toEpochDay();
    }
    if (value instanceof Instant instant) {
      return "ts:" + ChronoUnit.MICROS.between(Instant.EPOCH, instant);
    }
    if (value instanceof LocalDateTime local) {
      return "ts:" + ChronoUnit.MICROS.between(Instant.EPOCH, local.toInstant(ZoneOffset.UTC));
    }
    if (value instanceof VariantVal variant) {
      return "variant:" + variant.toJson(ZoneOffset.UTC);
    }
    if (value instanceof Row struct) {
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < struct.length(); i++) {
        fields.add(text(struct.get(i)));
      }
      return "{" + String.join(",", fields) + "}";
    }
    if (value instanceof scala.collection.Seq<?> seq) {
      List<String> items = new ArrayList<>();
      for (Object item : CollectionConverters.asJava(seq)) {
        items.add(text(item));
      }
      return "[" + String.join(",", items) + "]";
    }
    if (value instanceof scala.collection.Map<?, ?> map) {
      List<String> entries = new ArrayList<>();
      CollectionConverters.asJava(map).forEach((k, v) -> entries.add(text(k) + "=" + text(v)));
      Collections.sort(entries);
      return "<" + String.join(",", entries) + ">";
    }
    throw new IllegalArgumentException("Cannot render a " + value.getClass().getName());
  }

  private static String stackTrace(Throwable e) {
    StringWriter out = new StringWriter();
    e.printStackTrace(new PrintWriter(out));
    return out.toString();
  }
}
