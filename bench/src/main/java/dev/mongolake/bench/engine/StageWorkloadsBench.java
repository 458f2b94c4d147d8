package dev.mongolake.bench.engine;

import static dev.mongolake.bench.engine.PipelineRuns.currentFiles;
import static dev.mongolake.bench.engine.PipelineRuns.drain;
import static dev.mongolake.bench.engine.PipelineRuns.measure;
import static dev.mongolake.bench.engine.PipelineRuns.query;

import com.mongodb.client.model.Indexes;
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
 * The stage workloads of the aggregation issue, side by side with DuckDB over the same Parquet
 * files ({@code _id}s are stored as sortable keys, so DuckDB joins and orders by promoted copies of
 * them, {@code cid} and {@code seq}): {@code $lookup} of {@code --join} customers against as many
 * accounts (an index on the accounts' {@code owner}), a {@code $sort} of every document by a random
 * key that exceeds the 100 MiB stage limit (so it spills), and a {@code $setWindowFields} running
 * sum per partition. Medians of {@code --runs}:
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.StageWorkloadsBench \
 *   --dir /tmp/stage-bench --docs 1000000 --join 100000 --load
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.StageWorkloadsBench \
 *   --dir /tmp/stage-bench
 * </pre>
 */
public final class StageWorkloadsBench {

  private static final int BATCH = 1_000;

  private StageWorkloadsBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int documents = 1_000_000;
    int join = 100_000;
    int runs = 3;
    boolean load = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--join" -> join = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--load" -> load = true;
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    if (load) {
      load(dir, documents, join);
      return;
    }
    try (MongoLake lake = MongoLake.open(options(dir));
        Connection duckdb = DriverManager.getConnection("jdbc:duckdb:")) {
      MongoLakeCollection<BsonDocument> events =
          lake.db("bench").collection("events", BsonDocument.class);
      MongoLakeCollection<BsonDocument> customers =
          lake.db("bench").collection("customers", BsonDocument.class);
      String eventFiles = currentFiles(dir, "events");
      String customerFiles = currentFiles(dir, "customers");
      String accountFiles = currentFiles(dir, "accounts");
      double lookup =
          measure(
              "mongolake $lookup customers x accounts",
              runs,
              () ->
                  drain(
                      customers,
                      List.of(
                          BsonDocument.parse(
                              "{$lookup: {from: 'accounts', localField: '_id', foreignField:"
                                  + " 'owner', as: 'accounts'}}"))));
      double duckLookup =
          measure(
              "duckdb same join",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT c.cid, list(a._id) FROM read_parquet("
                          + customerFiles
                          + ") c LEFT JOIN read_parquet("
                          + accountFiles
                          + ") a ON a.owner = c.cid GROUP BY c.cid"));
      double sort =
          measure(
              "mongolake $sort {key: 1} (spills)",
              runs,
              () -> drain(events, List.of(BsonDocument.parse("{$sort: {key: 1}}"))));
      double duckSort =
          measure(
              "duckdb same sort",
              runs,
              () -> query(duckdb, "SELECT * FROM read_parquet(" + eventFiles + ") ORDER BY key"));
      double window =
          measure(
              "mongolake $setWindowFields running sum",
              runs,
              () ->
                  drain(
                      events,
                      List.of(
                          BsonDocument.parse(
                              "{$setWindowFields: {partitionBy: '$group', sortBy: {_id: 1},"
                                  + " output: {running: {$sum: '$amount', window: {documents:"
                                  + " ['unbounded', 'current']}}}}}"))));
      double duckWindow =
          measure(
              "duckdb same window",
              runs,
              () ->
                  query(
                      duckdb,
                      "SELECT seq, sum(amount) OVER (PARTITION BY \"group\" ORDER BY seq ROWS"
                          + " BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM read_parquet("
                          + eventFiles
                          + ")"));
      System.out.printf(
          "ratios (mongolake / duckdb): lookup %.1fx, sort %.1fx, window %.1fx%n",
          lookup / duckLookup, sort / duckSort, window / duckWindow);
    }
  }

  private static dev.mongolake.MongoLakeOptions options(Path dir) {
    CollectionTableConfigs configs =
        CollectionTableConfigs.plain()
            .with(
                "bench.events",
                promoted("{seq: 'int', key: 'int', group: 'string', amount: 'int'}"))
            .with("bench.customers", promoted("{cid: 'int'}"))
            .with("bench.accounts", promoted("{owner: 'int'}"));
    return LoadOptions.flushingBySize(dir).withTableConfigs(configs);
  }

  private static DocumentTableConfig promoted(String columns) {
    return DocumentTableConfig.defaults()
        .withSchema(DocumentSchema.parse(BsonDocument.parse(columns)));
  }

  private static void load(Path dir, int documents, int join) throws Exception {
    Files.createDirectories(dir);
    Random random = new Random(13);
    String pad = "x".repeat(100);
    try (MongoLake lake = MongoLake.open(options(dir))) {
      long start = System.nanoTime();
      MongoLakeCollection<BsonDocument> events =
          lake.db("bench").collection("events", BsonDocument.class);
      List<BsonDocument> batch = new ArrayList<>(BATCH);
      for (int i = 0; i < documents; i++) {
        batch.add(
            new BsonDocument("_id", new BsonInt32(i))
                .append("seq", new BsonInt32(i))
                .append("key", new BsonInt32(random.nextInt()))
                .append("group", new BsonString("g" + random.nextInt(100)))
                .append("amount", new BsonInt32(random.nextInt(1000)))
                .append("pad", new BsonString(pad)));
        if (batch.size() == BATCH) {
          events.insertMany(batch);
          batch = new ArrayList<>(BATCH);
        }
      }
      if (!batch.isEmpty()) {
        events.insertMany(batch);
      }
      MongoLakeCollection<BsonDocument> customers =
          lake.db("bench").collection("customers", BsonDocument.class);
      MongoLakeCollection<BsonDocument> accounts =
          lake.db("bench").collection("accounts", BsonDocument.class);
      for (int i = 0; i < join; i += BATCH) {
        List<BsonDocument> customerBatch = new ArrayList<>(BATCH);
        List<BsonDocument> accountBatch = new ArrayList<>(BATCH);
        for (int j = i; j < Math.min(join, i + BATCH); j++) {
          customerBatch.add(
              new BsonDocument("_id", new BsonInt32(j))
                  .append("cid", new BsonInt32(j))
                  .append("name", new BsonString("c" + j)));
          accountBatch.add(
              new BsonDocument("_id", new BsonInt32(j))
                  .append("owner", new BsonInt32(random.nextInt(join))));
        }
        customers.insertMany(customerBatch);
        accounts.insertMany(accountBatch);
      }
      accounts.createIndex(Indexes.ascending("owner"));
      lake.flush();
      System.out.printf(
          "loaded %d events and %d customers and accounts in %.1f s%n",
          documents, join, (System.nanoTime() - start) / 1e9);
    }
  }
}
