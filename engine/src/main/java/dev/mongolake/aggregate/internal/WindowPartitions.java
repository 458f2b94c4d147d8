package dev.mongolake.aggregate.internal;

import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.aggregate.internal.accumulator.BsonMemory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * {@code $setWindowFields}' input cut into partitions, one held at a time, under the stage's memory
 * limit, as MongoDB runs the stage: a {@code $sort} by partition then {@code sortBy} (only when
 * there is either), which spills with {@code allowDiskUse} and fails with
 * QueryExceededMemoryLimitNoDiskUseAllowed without it ({@link ExternalSort}), then the partitions
 * in turn. A partition that alone holds more than the limit fails with MongoDB's 5414201, with or
 * without disk use: MongoDB would spill its partition cache there, MongoLake holds a partition in
 * memory, so it refuses instead. Not thread-safe.
 */
final class WindowPartitions implements Iterator<List<BsonDocument>> {

  private final Iterator<BsonDocument> rows;
  private final long limit;
  private final Comparator<BsonValue> keys;
  private BsonDocument head;

  /** The partitions of {@code rows}, {@code {p: <partition>, d: <document>}} in order. */
  private WindowPartitions(Iterator<BsonDocument> rows, long limit, Comparator<BsonValue> keys) {
    this.rows = rows;
    this.keys = keys;
    this.limit = limit;
    this.head = rows.hasNext() ? rows.next() : null;
  }

  /** Collects the stage's input, each document with its partition key. */
  static final class Builder {
    private final ExternalSort sort;
    private final List<BsonDocument> unsorted;
    private final long limit;
    private final Comparator<BsonValue> keys;
    private long unsortedBytes;

    /**
     * @param sortBy the {@code sortBy} order of documents, or null when there is neither a {@code
     *     partitionBy} nor a {@code sortBy} (then nothing is sorted)
     */
    Builder(Comparator<BsonDocument> sortBy, PipelineContext context) {
      this.limit = context.memoryLimit().bytesPerStage();
      // Partition keys the command's collation finds equal are one partition, as in MongoDB.
      this.keys = context.order();
      if (sortBy == null) {
        this.sort = null;
        this.unsorted = new ArrayList<>();
      } else {
        Comparator<BsonDocument> byPartition = Comparator.comparing(row -> row.get("p"), keys);
        Comparator<BsonDocument> rowOrder =
            byPartition.thenComparing(row -> row.getDocument("d"), sortBy);
        this.sort = new ExternalSort(rowOrder, context.memoryLimit(), context.spillFiles(), "Sort");
        this.unsorted = null;
      }
    }

    /** Adds one document of the partition {@code key} (null for missing). */
    void add(BsonValue key, BsonDocument document) {
      BsonDocument row =
          new BsonDocument("p", key == null ? BsonNull.VALUE : key).append("d", document);
      if (sort != null) {
        sort.add(row);
      } else {
        // One partition, held whole: fail as soon as it is too large.
        unsortedBytes += BsonMemory.of(document);
        if (unsortedBytes > limit) {
          throw tooLarge(unsortedBytes, limit);
        }
        unsorted.add(row);
      }
    }

    /** The partitions, in partition order. */
    WindowPartitions partitions() {
      return new WindowPartitions(sort != null ? sort.sorted() : unsorted.iterator(), limit, keys);
    }
  }

  @Override
  public boolean hasNext() {
    return head != null;
  }

  /** The next partition's documents, in order. */
  @Override
  public List<BsonDocument> next() {
    if (head == null) {
      throw new NoSuchElementException();
    }
    BsonValue key = head.get("p");
    List<BsonDocument> documents = new ArrayList<>();
    long bytes = 0;
    while (head != null && keys.compare(key, head.get("p")) == 0) {
      BsonDocument document = head.getDocument("d");
      documents.add(document);
      bytes += BsonMemory.of(document);
      if (bytes > limit) {
        throw tooLarge(bytes, limit);
      }
      head = rows.hasNext() ? rows.next() : null;
    }
    return documents;
  }

  private static MongoLakeException tooLarge(long bytes, long limit) {
    return new MongoLakeException(
        ErrorCode.LOCATION_5414201,
        "Exceeded memory limit in DocumentSourceSetWindowFields, used "
            + bytes
            + " bytes but max allowed is "
            + limit);
  }
}
