package dev.mongolake.delta.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.io.api.Binary;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class FileMetadataCacheTest {
  private final CountingMemoryStorage storage = new CountingMemoryStorage();
  private final AtomicInteger fileIds = new AtomicInteger();

  @Test
  void aSecondPointReadOfAFileFetchesOnlyItsPages() {
    List<BsonDocument> documents = DocumentFilesTest.users(5_000);
    WrittenDocumentFile file = write(documents);
    FileMetadataCache cache = new FileMetadataCache(64L << 20);
    BsonDocument wanted = documents.get(3_210);

    storage.resetCounters();
    assertThat(pointRead(file, cache, wanted)).containsExactly(wanted);
    long firstReads = storage.rangeReads();
    long firstBytes = storage.bytesRead();
    storage.resetCounters();
    assertThat(pointRead(file, cache, wanted)).containsExactly(wanted);

    // The first read fetched the footer, the _id column and offset indexes and the bloom filter.
    assertThat(storage.rangeReads()).isLessThan(firstReads);
    assertThat(storage.bytesRead()).isLessThan(firstBytes);
    assertThat(cache.stats().hits()).isEqualTo(1);
    assertThat(cache.stats().misses()).isEqualTo(1);
    assertThat(cache.stats().files()).isEqualTo(1);
    assertThat(cache.stats().bytes()).isPositive();
  }

  @Test
  void aCachedBloomFilterStillExcludesAnAbsentIdWithoutAnyRead() {
    List<BsonDocument> documents = DocumentFilesTest.users(2_000);
    WrittenDocumentFile file = write(documents);
    FileMetadataCache cache = new FileMetadataCache(64L << 20);
    // Inside the file's _id range, so only the bloom filter can exclude it.
    BsonDocument absent =
        new BsonDocument("_id", new BsonObjectId(new ObjectId(1_700_000_000 + 1_000, 7)));

    assertThat(pointRead(file, cache, absent)).isEmpty();
    storage.resetCounters();
    try (DocumentFileReader reader = open(file, cache, absent)) {
      assertThat(reader.next()).isNull();
      assertThat(reader.rowGroupsRead()).isZero();
    }

    assertThat(storage.rangeReads()).isZero();
  }

  @Test
  void filesBeyondTheBudgetAreEvictedLeastRecentlyOpenedFirst() {
    List<WrittenDocumentFile> files = new ArrayList<>();
    List<List<BsonDocument>> contents = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      List<BsonDocument> documents = DocumentFilesTest.users(500 + i);
      contents.add(documents);
      files.add(write(documents));
    }
    FileMetadataCache sizing = new FileMetadataCache(64L << 20);
    pointRead(files.get(0), sizing, contents.get(0).get(1));
    long oneFile = sizing.stats().bytes();
    // Room for about two files' parts.
    FileMetadataCache cache = new FileMetadataCache(oneFile * 5 / 2);

    for (int i = 0; i < files.size(); i++) {
      BsonDocument wanted = contents.get(i).get(i * 10);
      assertThat(pointRead(files.get(i), cache, wanted)).containsExactly(wanted);
    }
    FileMetadataCache.Stats afterAll = cache.stats();
    BsonDocument newest = contents.get(3).get(5);
    assertThat(pointRead(files.get(3), cache, newest)).containsExactly(newest);
    BsonDocument oldest = contents.get(0).get(5);
    assertThat(pointRead(files.get(0), cache, oldest)).containsExactly(oldest);

    assertThat(afterAll.evictions()).isPositive();
    assertThat(afterAll.files()).isLessThan(files.size());
    assertThat(afterAll.bytes()).isLessThanOrEqualTo(oneFile * 5 / 2);
    FileMetadataCache.Stats end = cache.stats();
    assertThat(end.hits()).isEqualTo(afterAll.hits() + 1); // the newest file was still cached
    assertThat(end.misses()).isEqualTo(afterAll.misses() + 1); // the oldest had been evicted
  }

  @Test
  void aZeroBudgetCachesNothingAndReadsStillWork() {
    List<BsonDocument> documents = DocumentFilesTest.users(300);
    WrittenDocumentFile file = write(documents);
    FileMetadataCache cache = new FileMetadataCache(0);

    for (int i = 0; i < 3; i++) {
      assertThat(pointRead(file, cache, documents.get(i))).containsExactly(documents.get(i));
    }

    assertThat(cache.stats().files()).isZero();
    assertThat(cache.stats().bytes()).isZero();
    assertThat(cache.stats().misses()).isEqualTo(3);
  }

  @Test
  void concurrentPointReadsOfOneFileAllFindTheirDocuments() throws Exception {
    List<BsonDocument> documents = DocumentFilesTest.users(3_000);
    WrittenDocumentFile file = write(documents);
    FileMetadataCache cache = new FileMetadataCache(64L << 20);
    List<Future<Integer>> found = new ArrayList<>();

    try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
      for (int t = 0; t < 8; t++) {
        int seed = t;
        found.add(
            threads.submit(
                () -> {
                  Random random = new Random(seed);
                  int hits = 0;
                  for (int i = 0; i < 100; i++) {
                    BsonDocument wanted = documents.get(random.nextInt(documents.size()));
                    if (pointRead(file, cache, wanted).equals(List.of(wanted))) {
                      hits++;
                    }
                  }
                  return hits;
                }));
      }
      for (Future<Integer> hits : found) {
        assertThat(hits.get()).isEqualTo(100);
      }
    }

    assertThat(cache.stats().files()).isEqualTo(1);
    assertThat(cache.stats().hits() + cache.stats().misses()).isEqualTo(800);
  }

  private List<BsonDocument> pointRead(
      WrittenDocumentFile file, FileMetadataCache cache, BsonDocument wanted) {
    List<BsonDocument> rows = new ArrayList<>();
    try (DocumentFileReader reader = open(file, cache, wanted)) {
      for (DocumentRow row = reader.next(); row != null; row = reader.next()) {
        rows.add(row.document());
      }
    }
    return rows;
  }

  private DocumentFileReader open(
      WrittenDocumentFile file, FileMetadataCache cache, BsonDocument wanted) {
    String hex = wanted.getObjectId("_id").getValue().toHexString();
    FilterCompat.Filter idEquals =
        FilterCompat.get(FilterApi.eq(FilterApi.binaryColumn("_id"), Binary.fromString(hex)));
    return DocumentFileReader.open(
        storage,
        file.path(),
        file.sizeBytes(),
        DocumentReadOptions.documents().withFilter(idEquals),
        cache);
  }

  private WrittenDocumentFile write(List<BsonDocument> documents) {
    DocumentWriteOptions options =
        DocumentWriteOptions.defaults()
            .withFileIds(() -> String.format("%05d", fileIds.incrementAndGet()));
    try (DocumentFileWriter writer = DocumentFileWriter.open(storage, "db/users", options)) {
      documents.forEach(writer::write);
      return writer.finish().getFirst();
    }
  }
}
