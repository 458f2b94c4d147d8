package dev.mongolake.delta.rows;

import dev.mongolake.delta.DeltaTable;
import dev.mongolake.delta.Snapshot;
import dev.mongolake.delta.TableDefinition;
import dev.mongolake.delta.log.schema.DecimalType;
import dev.mongolake.delta.log.schema.PrimitiveType;
import dev.mongolake.delta.log.schema.StructField;
import dev.mongolake.delta.log.schema.StructType;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.FileSystemStorage;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TableReader} over a table in column mapping mode {@code name} and the same rows in an
 * unmapped table, side by side: a full read, and a point query on {@code id} (files skipped by
 * statistics, then rows by the Parquet pushdown). Prints numbers; asserts nothing about time. Run
 * by hand:
 *
 * <pre>
 * ./mvnw -B -q -pl deltalake -am test -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dtest=TableReaderBenchmark -Dbenchmark=true [-Drows=1000000] [-Dfiles=10] [-Druns=5] \
 *   [-Dmodes=name,none]
 * </pre>
 *
 * and read {@code target/surefire-reports/*TableReaderBenchmark-output.txt}.
 */
@EnabledIfSystemProperty(named = "benchmark", matches = "true")
class TableReaderBenchmark {
  private static final StructType SCHEMA =
      StructType.of(
          StructField.of("id", PrimitiveType.LONG),
          StructField.of("name", PrimitiveType.STRING),
          StructField.of("score", PrimitiveType.DOUBLE),
          StructField.of("amount", new DecimalType(12, 2)));

  @TempDir Path temp;

  @Test
  void readMappedAndUnmappedTables() {
    int rows = Integer.getInteger("rows", 1_000_000);
    int files = Integer.getInteger("files", 10);
    int runs = Integer.getInteger("runs", 5);
    FileSystemStorage storage = new FileSystemStorage(temp);
    String[] modes = System.getProperty("modes", "name,none").split(",");
    for (int m = 0; m < modes.length; m++) {
      String mode = modes[m];
      DeltaTable table =
          DeltaTable.create(
              storage,
              mode + "-" + m,
              new TableDefinition(
                  SCHEMA, List.of(), Map.of("delta.columnMapping.mode", mode), null));
      long started = System.nanoTime();
      int perFile = rows / files;
      for (int f = 0; f < files; f++) {
        Snapshot snapshot = table.snapshot();
        StructType schema = snapshot.schema();
        List<TableRow> batch = new ArrayList<>(perFile);
        for (long i = (long) f * perFile; i < (long) (f + 1) * perFile; i++) {
          batch.add(
              new TableRow(
                  schema, List.of(i, "name-" + i, i * 0.5, BigDecimal.valueOf(i % 100_000, 2))));
        }
        table
            .startTransaction()
            .add(TableWriter.of(storage, snapshot, Clock.systemUTC()).write(batch))
            .commit();
      }
      long writeMillis = (System.nanoTime() - started) / 1_000_000;
      TableReader reader = TableReader.of(storage, table.snapshot());
      long[] full = new long[runs];
      long[] point = new long[runs];
      TableScan last = null;
      for (int run = 0; run < runs; run++) {
        long t0 = System.nanoTime();
        int count = reader.rows().size();
        full[run] = (System.nanoTime() - t0) / 1_000_000;
        if (count != perFile * files) {
          throw new AssertionError("read " + count + " rows");
        }
        Filter filter = Filter.parse(BsonDocument.parse("{id: " + (rows / 2 + run * 7L) + "}"));
        long t1 = System.nanoTime();
        last = reader.scan(filter);
        point[run] = (System.nanoTime() - t1) / 1_000_000;
        if (last.rows().size() != 1) {
          throw new AssertionError("found " + last.rows().size() + " rows");
        }
      }
      Arrays.sort(full);
      Arrays.sort(point);
      System.out.printf(
          "BENCH mode=%s rows=%d files=%d write=%d ms full read median=%d ms point query"
              + " median=%d ms (files read %d, skipped %d, rows decoded %d)%n",
          mode,
          perFile * files,
          files,
          writeMillis,
          full[runs / 2],
          point[runs / 2],
          last.filesRead(),
          last.filesSkipped(),
          last.rowsRead());
    }
  }
}
