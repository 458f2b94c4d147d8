package dev.mongolake.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.internal.index.IndexFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secondary indexes are stored per table version and loaded on open instead of rebuilt. */
class PersistedIndexesTest {

  private static final Namespace USERS = new Namespace("app", "users");
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  @TempDir Path root;
  @TempDir Path crashCopies;
  private Engine engine;
  private int crashes;

  @BeforeEach
  void open() {
    engine = Engine.open(root, Durability.BATCH, CLOCK);
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  private void reopen() {
    engine.close();
    engine = Engine.open(root, Durability.BATCH, CLOCK);
  }

  /**
   * Simulates a crash now: the files as they are on disk (log synced) are copied and opened, as a
   * restart after SIGKILL would find them; the running engine is closed afterwards.
   */
  private void crashAndReopen() throws IOException {
    engine.syncLog();
    Path copy = crashCopies.resolve("crash-" + crashes++);
    try (Stream<Path> files = Files.walk(root)) {
      for (Path source : files.toList()) {
        Path target = copy.resolve(root.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else if (!source.getFileName().toString().endsWith(".lock")) {
          Files.copy(source, target);
        }
      }
    }
    engine.close();
    root = copy;
    engine = Engine.open(root, Durability.BATCH, CLOCK);
  }

  private static BsonDocument user(int id, String city, int age) {
    return new BsonDocument("_id", new BsonInt32(id))
        .append("city", new BsonString(city))
        .append("age", new BsonInt32(age));
  }

  private void createIndex(BsonDocument keys, String name, boolean unique) {
    BsonDocument spec = new BsonDocument("key", keys).append("name", new BsonString(name));
    if (unique) {
      spec.append("unique", org.bson.BsonBoolean.TRUE);
    }
    engine.indexes().create(USERS, List.of(spec));
  }

  /** Loads 100 users in two flushes, with an index on city and a unique one on age. */
  private void loadUsers() {
    createIndex(new BsonDocument("city", new BsonInt32(1)), "city_1", false);
    createIndex(new BsonDocument("age", new BsonInt32(1)), "age_1", true);
    List<BsonDocument> first = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      first.add(user(i, "c" + (i % 5), 1000 + i));
    }
    engine.writes().insert(USERS, first, true);
    engine.flusher().flushToTables();
    List<BsonDocument> second = new ArrayList<>();
    for (int i = 60; i < 100; i++) {
      second.add(user(i, "c" + (i % 5), 1000 + i));
    }
    engine.writes().insert(USERS, second, true);
    engine
        .writes()
        .update(
            USERS,
            new BsonDocument("_id", new BsonInt32(3)),
            new BsonDocument("$set", new BsonDocument("city", new BsonString("moved"))),
            false,
            false,
            List.of());
    engine.writes().delete(USERS, new BsonDocument("_id", new BsonInt32(4)), false);
    engine.flusher().flushToTables();
  }

  /** The _ids matching {@code filter}, sorted, read through the index the planner picks. */
  private List<Integer> ids(BsonDocument filter) {
    assertThat(engine.plans().plannedIndex(USERS, filter, new BsonDocument())).isPresent();
    List<Integer> ids = new ArrayList<>();
    Filter parsed = Filter.parse(filter);
    try (var documents =
        engine.reads().candidates(USERS, filter, parsed, engine.reads().readSequence())) {
      documents.forEachRemaining(
          document -> {
            if (parsed.matches(document)) {
              ids.add(document.getInt32("_id").getValue());
            }
          });
    }
    ids.sort(Integer::compare);
    return ids;
  }

  private List<List<Integer>> queryResults() {
    return List.of(
        ids(new BsonDocument("city", new BsonString("c3"))),
        ids(new BsonDocument("city", new BsonString("moved"))),
        ids(new BsonDocument("city", new BsonString("c4"))),
        ids(new BsonDocument("age", new BsonDocument("$gte", new BsonInt32(1095)))));
  }

  private List<Path> indexFiles() throws IOException {
    Path folder = root.resolve("app/users/" + IndexFile.FOLDER);
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(p -> p.toString().endsWith(".mlidx")).sorted().toList();
    }
  }

  private List<Path> indexFiles(String name) throws IOException {
    return indexFiles().stream()
        .filter(p -> p.getFileName().toString().startsWith(name + "-"))
        .toList();
  }

  @Test
  void restartLoadsIndexesFromTheirFilesWithoutScanningTheTable() throws IOException {
    loadUsers();
    List<List<Integer>> before = queryResults();
    long version = engine.catalog().table(USERS).orElseThrow().snapshot().version();
    assertThat(indexFiles("city_1"))
        .last()
        .asString()
        .endsWith(String.format("%020d.mlidx", version));

    reopen();

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(2, 0, 0));
    assertThat(queryResults()).isEqualTo(before);
    assertThat(before.get(1)).containsExactly(3);
    assertThat(before.get(2)).doesNotContain(4).hasSize(19);
    assertThat(before.get(0)).hasSize(19);
  }

  @Test
  void aRenamedCollectionKeepsWritingAndLoadingIndexFilesInItsTableFolder() throws IOException {
    loadUsers();
    List<Path> filesBefore = indexFiles();
    Namespace people = new Namespace("app", "people");
    engine.catalog().renameCollection(USERS, people, false);
    List<BsonDocument> more = new ArrayList<>();
    for (int i = 100; i < 140; i++) {
      more.add(user(i, "c3", 2000 + i));
    }
    engine.writes().insert(people, more, true);
    engine.flusher().flushToTables();

    reopen();

    assertThat(engine.indexFileCounts().rebuilt()).isZero();
    assertThat(engine.indexFileCounts().loaded() + engine.indexFileCounts().caughtUp())
        .isEqualTo(2);
    assertThat(indexFiles()).isNotEmpty().isNotEqualTo(filesBefore);
    BsonDocument filter = new BsonDocument("city", new BsonString("c3"));
    assertThat(engine.plans().plannedIndex(people, filter, new BsonDocument())).isPresent();
    Filter parsed = Filter.parse(filter);
    long matched = 0;
    try (var documents =
        engine.reads().candidates(people, filter, parsed, engine.reads().readSequence())) {
      while (documents.hasNext()) {
        if (parsed.matches(documents.next())) {
          matched++;
        }
      }
    }
    assertThat(matched).isEqualTo(19 + 40); // _id 3 moved away from c3
  }

  @Test
  void unflushedChangesAreReplayedOnTopOfTheLoadedIndex() throws IOException {
    loadUsers();
    engine.writes().insert(USERS, List.of(user(200, "c3", 5000)), true);
    engine.writes().delete(USERS, new BsonDocument("_id", new BsonInt32(8)), false);
    engine
        .writes()
        .update(
            USERS,
            new BsonDocument("_id", new BsonInt32(13)),
            new BsonDocument("$set", new BsonDocument("city", new BsonString("moved"))),
            false,
            false,
            List.of());
    List<List<Integer>> before = queryResults();

    crashAndReopen();

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(2, 0, 0));
    assertThat(queryResults()).isEqualTo(before);
    assertThat(before.get(0)).contains(200).doesNotContain(8, 13);
    assertThat(before.get(1)).containsExactly(3, 13);
  }

  @Test
  void uniqueIndexIsEnforcedAfterRestart() {
    loadUsers();

    reopen();

    assertThat(engine.indexFileCounts().loaded()).isEqualTo(2);
    var outcome = engine.writes().insert(USERS, List.of(user(500, "x", 1010)), true);
    assertThat(outcome.failures()).hasSize(1);
    assertThat(outcome.failures().getFirst().error().getMessage())
        .contains("E11000 duplicate key error")
        .contains("age_1");
    // The deleted document's key is free again.
    assertThat(engine.writes().insert(USERS, List.of(user(501, "x", 1004)), true).failures())
        .isEmpty();
  }

  @Test
  void missingFileFallsBackToARebuildWithTheSameResults() throws IOException {
    loadUsers();
    List<List<Integer>> before = queryResults();
    for (Path file : indexFiles("city_1")) {
      Files.delete(file);
    }

    reopen();

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(1, 0, 1));
    assertThat(queryResults()).isEqualTo(before);
  }

  @Test
  void corruptedFilesFallBackToTheOlderFileOrARebuild() throws IOException {
    loadUsers();
    List<List<Integer>> before = queryResults();
    List<Path> city = indexFiles("city_1");
    assertThat(city).hasSize(2);
    corrupt(city.getLast());

    reopen();

    // The newest file is damaged: the older one is loaded and caught up with the table's changes.
    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(2, 1, 0));
    assertThat(queryResults()).isEqualTo(before);

    engine.close();
    for (Path file : indexFiles()) {
      corrupt(file);
    }
    engine = Engine.open(root, Durability.BATCH, CLOCK);

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(0, 0, 2));
    assertThat(queryResults()).isEqualTo(before);
  }

  private static void corrupt(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x5a;
    Files.write(file, bytes);
  }

  @Test
  void truncatedFileFallsBackToARebuild() throws IOException {
    loadUsers();
    List<List<Integer>> before = queryResults();
    for (Path file : indexFiles()) {
      Files.write(file, java.util.Arrays.copyOf(Files.readAllBytes(file), 10));
    }

    reopen();

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(0, 0, 2));
    assertThat(queryResults()).isEqualTo(before);
  }

  @Test
  void crashBetweenTheTableCommitAndTheIndexFileCatchesUpFromTheOlderFile() throws IOException {
    loadUsers();
    List<List<Integer>> before = queryResults();
    // The last flush committed the table version, then "crashed" before writing its index files.
    for (String name : List.of("city_1", "age_1")) {
      Files.delete(indexFiles(name).getLast());
    }

    reopen();

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(2, 2, 0));
    assertThat(queryResults()).isEqualTo(before);
    // Uniqueness holds for keys that only the caught-up changes brought.
    assertThat(engine.writes().insert(USERS, List.of(user(600, "x", 1099)), true).failures())
        .hasSize(1);
  }

  @Test
  void fileOfADefinitionWithOtherEntriesIsNotLoaded() throws IOException {
    createIndex(new BsonDocument("seen", new BsonInt32(1)), "seen_1", false);
    engine
        .writes()
        .insert(
            USERS,
            List.of(
                new BsonDocument("_id", new BsonInt32(1)).append("seen", new BsonDateTime(0)),
                new BsonDocument("_id", new BsonInt32(2))),
            true);
    engine.flusher().flushToTables();
    Path stale = indexFiles("seen_1").getFirst();
    byte[] staleBytes = Files.readAllBytes(stale);
    // The same name now holds a sparse index: the file of the plain index (which has an entry for
    // the document without "seen") must not stand in for it.
    engine.indexes().dropByName(USERS, "seen_1");
    engine
        .indexes()
        .create(
            USERS,
            List.of(
                new BsonDocument("key", new BsonDocument("seen", new BsonInt32(1)))
                    .append("name", new BsonString("seen_1"))
                    .append("sparse", org.bson.BsonBoolean.TRUE)));
    engine.close();
    for (Path file : indexFiles("seen_1")) {
      Files.delete(file);
    }
    Files.write(stale, staleBytes);
    engine = Engine.open(root, Durability.BATCH, CLOCK);

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(0, 0, 1));
  }

  @Test
  void fileServesTheSameIndexUnderAnotherTtlOrVisibility() throws IOException {
    createIndex(new BsonDocument("seen", new BsonInt32(1)), "seen_1", false);
    engine
        .writes()
        .insert(
            USERS,
            List.of(new BsonDocument("_id", new BsonInt32(1)).append("seen", new BsonDateTime(0))),
            true);
    engine.flusher().flushToTables();
    Path written = indexFiles("seen_1").getFirst();
    byte[] writtenBytes = Files.readAllBytes(written);
    engine
        .indexes()
        .modify(
            USERS,
            new BsonDocument("name", new BsonString("seen_1"))
                .append("expireAfterSeconds", new BsonInt32(60))
                .append("hidden", org.bson.BsonBoolean.TRUE));
    engine.close();
    for (Path file : indexFiles("seen_1")) {
      Files.delete(file);
    }
    Files.write(written, writtenBytes);
    engine = Engine.open(root, Durability.BATCH, CLOCK);

    assertThat(engine.indexFileCounts()).isEqualTo(new PersistedIndexes.LoadCounts(1, 0, 0));
    assertThat(engine.indexes().list(USERS).get(1).getBoolean("hidden").getValue()).isTrue();
    assertThat(engine.expired().deleteExpired(CLOCK.instant())).isEqualTo(1);
  }

  @Test
  void ttlIndexExpiresDocumentsAfterARestartFromItsFile() {
    createIndex(new BsonDocument("seen", new BsonInt32(1)), "seen_1", false);
    engine
        .indexes()
        .create(
            USERS,
            List.of(
                new BsonDocument("key", new BsonDocument("at", new BsonInt32(1)))
                    .append("name", new BsonString("at_ttl"))
                    .append("expireAfterSeconds", new BsonInt32(60))));
    long now = CLOCK.millis();
    engine
        .writes()
        .insert(
            USERS,
            List.of(
                new BsonDocument("_id", new BsonInt32(1))
                    .append("at", new BsonDateTime(now - 120_000)),
                new BsonDocument("_id", new BsonInt32(2)).append("at", new BsonDateTime(now))),
            true);
    engine.flusher().flushToTables();
    reopen();

    assertThat(engine.indexFileCounts().loaded()).isEqualTo(2);
    assertThat(engine.expired().deleteExpired(CLOCK.instant())).isEqualTo(1);
    assertThat(engine.expired().deleteExpired(CLOCK.instant().plusSeconds(61))).isEqualTo(1);
  }

  @Test
  void droppedIndexLosesItsFilesAndOnlyTheNewestFilesAreKept() throws IOException {
    loadUsers();
    for (int round = 0; round < 3; round++) {
      List<BsonDocument> more = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        int id = 1000 + round * 100 + i;
        more.add(user(id, "r" + round, 10_000 + id));
      }
      engine.writes().insert(USERS, more, true);
      engine.flusher().flushToTables();
    }
    assertThat(indexFiles("city_1")).hasSize(PersistedIndexes.KEEP);
    assertThat(indexFiles("age_1")).hasSize(PersistedIndexes.KEEP);

    engine.indexes().dropByName(USERS, "city_1");
    engine.flusher().flushToTables();

    assertThat(indexFiles("city_1")).isEmpty();
    assertThat(indexFiles("age_1")).hasSize(PersistedIndexes.KEEP);
  }

  @Test
  void crashAfterAFlushWithUnflushedChangesRecoversTheSameIndexes() throws IOException {
    loadUsers();
    engine.writes().insert(USERS, List.of(user(700, "late", 7000)), true);
    engine.flusher().flushToTables();
    engine
        .writes()
        .update(
            USERS,
            new BsonDocument("_id", new BsonInt32(700)),
            new BsonDocument("$set", new BsonDocument("city", new BsonString("later"))),
            false,
            false,
            List.of());
    engine.writes().delete(USERS, new BsonDocument("_id", new BsonInt32(1)), false);
    List<List<Integer>> before = queryResults();

    crashAndReopen();

    assertThat(engine.indexFileCounts().rebuilt()).isZero();
    assertThat(queryResults()).isEqualTo(before);
    assertThat(ids(new BsonDocument("city", new BsonString("late")))).isEmpty();
    assertThat(ids(new BsonDocument("city", new BsonString("later")))).containsExactly(700);
    assertThat(engine.writes().insert(USERS, List.of(user(701, "x", 1001)), true).failures())
        .isEmpty();
  }

  @Test
  void duplicateKeyErrorMessageNamesTheIndex() {
    loadUsers();
    reopen();
    assertThatThrownBy(
            () -> {
              var outcome = engine.writes().insert(USERS, List.of(user(900, "y", 1001)), true);
              if (!outcome.failures().isEmpty()) {
                throw outcome.failures().getFirst().error();
              }
            })
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("index: age_1 dup key: { age: 1001 }");
  }
}
