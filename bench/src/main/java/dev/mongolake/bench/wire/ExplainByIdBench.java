package dev.mongolake.bench.wire;

import com.mongodb.ExplainVerbosity;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bson.Document;

/**
 * {@code find({_id: x})} and its {@code explain} at {@code executionStats} through the Java driver,
 * against a server already running on {@code --port}: loads {@code --docs} documents ({@code {_id:
 * i, n: i, pad: <100 characters>}}) and flushes them, then times {@code --rounds} random ids, each
 * the find then its explain, and prints the medians with the plan's leaf stage and {@code
 * totalDocsExamined}. Run it against servers of two builds on the same machine:
 *
 * <pre>
 * java -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.wire.ExplainByIdBench \
 *   --port 27017 --docs 100000 --rounds 21
 * </pre>
 */
public final class ExplainByIdBench {

  private ExplainByIdBench() {}

  public static void main(String[] args) {
    int port = 27017;
    int documents = 100_000;
    int rounds = 21;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--docs" -> documents = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + port)) {
      MongoCollection<Document> items = client.getDatabase("bench").getCollection("items");
      items.drop();
      List<Document> batch = new ArrayList<>();
      for (int i = 0; i < documents; i++) {
        batch.add(new Document("_id", i).append("n", i).append("pad", "x".repeat(100)));
        if (batch.size() == 10_000) {
          items.insertMany(batch);
          batch.clear();
        }
      }
      if (!batch.isEmpty()) {
        items.insertMany(batch);
      }
      client.getDatabase("admin").runCommand(new Document("fsync", 1));
      Random random = new Random(7);
      long[] finds = new long[rounds];
      long[] explains = new long[rounds];
      Document last = null;
      for (int round = 0; round < rounds; round++) {
        Document byId = new Document("_id", random.nextInt(documents));
        long start = System.nanoTime();
        items.find(byId).first();
        finds[round] = System.nanoTime() - start;
        start = System.nanoTime();
        last = items.find(byId).explain(ExplainVerbosity.EXECUTION_STATS);
        explains[round] = System.nanoTime() - start;
      }
      Arrays.sort(finds);
      Arrays.sort(explains);
      Document stats = last.get("executionStats", Document.class);
      String stage =
          last.get("queryPlanner", Document.class)
              .get("winningPlan", Document.class)
              .getString("stage");
      System.out.printf(
          "find median %.2f ms; explain(executionStats) median %.2f ms (min %.2f, max %.2f);"
              + " winning plan %s, totalDocsExamined %s%n",
          finds[rounds / 2] / 1e6,
          explains[rounds / 2] / 1e6,
          explains[0] / 1e6,
          explains[rounds - 1] / 1e6,
          stage,
          stats.get("totalDocsExamined"));
    }
  }
}
