package dev.mongolake.bench.engine;

import dev.mongolake.BranchDifference;
import dev.mongolake.CollectionTableConfigs;
import dev.mongolake.MergePolicy;
import dev.mongolake.MergeResult;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * Branches of databases of several sizes, in one process: how long creating (and deleting) a branch
 * takes, then a branch written, compared and merged with conflicts: {@code --updates} random
 * documents changed on the branch and as many on the parent, the first {@code --overlap} of them
 * the same ids changed differently. Checks the answers (conflicts counted, the merged documents
 * read back) and exits non-zero when one is wrong.
 *
 * <pre>
 * java -Xmx6g -cp 'target/bench.jar:target/lib/*' dev.mongolake.bench.engine.BranchBench \
 *   --dir /tmp/branch-bench --docs 10000,1000000 --runs 5 --updates 1000 --overlap 100 \
 *   [--deletion-vectors]
 * </pre>
 */
public final class BranchBench {

  private static final int BATCH = 1_000;

  private BranchBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = null;
    int[] sizes = {10_000, 1_000_000};
    int runs = 5;
    int updates = 1_000;
    int overlap = 100;
    boolean vectors = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--docs" ->
            sizes = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--updates" -> updates = Integer.parseInt(args[++i]);
        case "--overlap" -> overlap = Integer.parseInt(args[++i]);
        case "--deletion-vectors" -> vectors = true;
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required");
    }
    Files.createDirectories(dir);
    boolean wrong = false;
    MongoLakeOptions options = LoadOptions.flushingBySize(dir);
    if (vectors) {
      options = options.withTableConfigs(CollectionTableConfigs.plain().withDeletionVectors(true));
    }
    System.out.println(vectors ? "deletion vectors on" : "copy-on-write (deletion vectors off)");
    try (MongoLake lake = MongoLake.open(options)) {
      for (int size : sizes) {
        String database = "bench" + size;
        MongoLakeCollection<BsonDocument> items =
            lake.db(database).collection("items", BsonDocument.class);
        long loadStart = System.nanoTime();
        load(items, size);
        lake.flush();
        double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
        long files = items.table().orElseThrow().snapshot().files().size();

        double[] creates = new double[runs];
        double[] deletes = new double[runs];
        for (int run = 0; run < runs; run++) {
          long start = System.nanoTime();
          lake.branches().create(database, "b" + run);
          creates[run] = (System.nanoTime() - start) / 1e6;
          start = System.nanoTime();
          lake.branches().delete(database, "b" + run);
          deletes[run] = (System.nanoTime() - start) / 1e6;
        }
        System.out.printf(
            "%,d documents (%d files, loaded in %.1f s): create median %.1f ms %s, delete median"
                + " %.1f ms%n",
            size,
            files,
            loadSeconds,
            Medians.of(Arrays.stream(creates).boxed().toList()),
            Arrays.toString(rounded(creates)),
            Medians.of(Arrays.stream(deletes).boxed().toList()));

        wrong |= writeCompareMerge(lake, database, size, updates, overlap);
      }
    }
    if (wrong) {
      System.exit(1);
    }
  }

  /** Whether an answer was wrong. */
  private static boolean writeCompareMerge(
      MongoLake lake, String database, int size, int updates, int overlap) {
    lake.branches().create(database, "work");
    MongoLakeCollection<BsonDocument> parent =
        lake.db(database).collection("items", BsonDocument.class);
    MongoLakeCollection<BsonDocument> branch =
        lake.db(database + "@work").collection("items", BsonDocument.class);
    Random random = new Random(size);
    List<Integer> branchIds = distinct(random, size, updates, Set.of());
    List<Integer> parentIds =
        new ArrayList<>(branchIds.subList(0, Math.min(overlap, branchIds.size())));
    parentIds.addAll(distinct(random, size, updates - parentIds.size(), new HashSet<>(branchIds)));
    long start = System.nanoTime();
    for (int id : branchIds) {
      set(branch, id, "branch");
    }
    for (int id : parentIds) {
      set(parent, id, "parent");
    }
    double writeMs = (System.nanoTime() - start) / 1e6;
    // The comparison flushes both sides first; flushed here, its own time is the comparison's.
    start = System.nanoTime();
    lake.flush();
    double flushMs = (System.nanoTime() - start) / 1e6;
    start = System.nanoTime();
    BranchDifference diff = lake.branches().diff(database, "work").getFirst();
    double diffMs = (System.nanoTime() - start) / 1e6;
    start = System.nanoTime();
    MergeResult merged = lake.branches().merge(database, "work", MergePolicy.THEIRS);
    double mergeMs = (System.nanoTime() - start) / 1e6;
    long fromBranch = parent.countDocuments(new BsonDocument("by", new BsonString("branch")));
    long fromParent = parent.countDocuments(new BsonDocument("by", new BsonString("parent")));
    System.out.printf(
        "  %,d updates on each side (%d the same ids): writes %.0f ms, flush %.0f ms, diff %.0f ms"
            + " (branch"
            + " changed %d, parent changed %d, conflicts %d), merge (theirs) %.0f ms, %d replaced%n",
        updates,
        overlap,
        writeMs,
        flushMs,
        diffMs,
        diff.onBranch().changed(),
        diff.onParent().changed(),
        diff.conflictCount(),
        mergeMs,
        merged.collections().getFirst().replaced());
    boolean wrong =
        diff.conflictCount() != overlap
            || diff.onBranch().changed() != updates
            || diff.onParent().changed() != updates
            || fromBranch != updates
            || fromParent != updates - overlap;
    if (wrong) {
      System.out.printf(
          "  WRONG: expected %d conflicts, %d from the branch, %d from the parent; read %d and %d%n",
          overlap, updates, updates - overlap, fromBranch, fromParent);
    }
    lake.branches().delete(database, "work");
    return wrong;
  }

  private static void set(MongoLakeCollection<BsonDocument> items, int id, String by) {
    items.updateOne(
        new BsonDocument("_id", new BsonInt32(id)),
        new BsonDocument("$set", new BsonDocument("by", new BsonString(by))));
  }

  private static List<Integer> distinct(Random random, int size, int count, Set<Integer> avoid) {
    Set<Integer> chosen = new java.util.LinkedHashSet<>();
    while (chosen.size() < count) {
      int id = random.nextInt(size);
      if (!avoid.contains(id)) {
        chosen.add(id);
      }
    }
    return new ArrayList<>(chosen);
  }

  private static double[] rounded(double[] values) {
    return Arrays.stream(values).map(v -> Math.round(v * 10) / 10.0).toArray();
  }

  private static void load(MongoLakeCollection<BsonDocument> items, int documents) {
    String pad = "x".repeat(200);
    List<BsonDocument> batch = new ArrayList<>(BATCH);
    for (int i = 0; i < documents; i++) {
      batch.add(
          new BsonDocument("_id", new BsonInt32(i))
              .append("n", new BsonInt32(i))
              .append("pad", new BsonString(pad)));
      if (batch.size() == BATCH) {
        items.insertMany(batch);
        batch = new ArrayList<>(BATCH);
      }
    }
    if (!batch.isEmpty()) {
      items.insertMany(batch);
    }
  }
}
