package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.parquet.IdEncoding;
import dev.mongolake.delta.query.Filter;
import dev.mongolake.delta.storage.MemoryStorage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * {@link DocumentSnapshot#lookupById} among files whose uniformly random {@code _id}s give every
 * file the whole key range: the Delta statistics prune nothing, so only the bloom filters probed
 * from memory keep a lookup to one file, and only files sorted by {@code _id} keep it to one page.
 */
class PointLookupTest {
  private static final int FILES = 8;
  private static final int PER_FILE = 1_000;

  @Test
  void lookupAmongFilesWithRandomIdsOpensOneFileAndReadsOnePage() {
    Table table = randomTable(DocumentTableConfig.defaults(), 1);
    DocumentSnapshot snapshot = table.table.snapshot();
    List<BsonValue> ids = table.shuffledIds();
    // The first lookup reads each file's footer and bloom filters (an absent id asks every file);
    // later ones find them cached.
    PointLookup cold = snapshot.lookupById(new BsonString("absent"));
    assertThat(cold.document()).isEmpty();
    assertThat(cold.metrics().filesOpened()).isEqualTo(FILES);
    // Every file spans the key space: a scan through the statistics opens them all.
    try (var scan = snapshot.scan(Filter.parse(new BsonDocument("_id", ids.getFirst())))) {
      scan.forEachRemaining(document -> {});
      assertThat(scan.metrics().filesOpened()).isEqualTo(FILES);
    }
    for (BsonValue id : ids.subList(1, 101)) {
      PointLookup lookup = snapshot.lookupById(id);
      assertThat(lookup.document()).contains(table.documents.get(id));
      assertThat(lookup.metrics().filesOpened()).as("files opened for %s", id).isEqualTo(1);
      assertThat(lookup.metrics().filesSkipped()).isEqualTo(FILES - 1);
      assertThat(lookup.metrics().pagesRead()).as("pages read for %s", id).isEqualTo(1);
      assertThat(lookup.metrics().rowsRead()).isEqualTo(1);
    }
  }

  @Test
  void lookupOfAnAbsentIdOpensNoFile() {
    Table table = randomTable(DocumentTableConfig.defaults(), 2);
    DocumentSnapshot snapshot = table.table.snapshot();
    snapshot.lookupById(new BsonString("absent"));
    long opened = 0;
    for (int i = 0; i < 100; i++) {
      PointLookup lookup = snapshot.lookupById(new BsonString("absent-" + i));
      assertThat(lookup.document()).isEmpty();
      assertThat(lookup.metrics().rowsMatched()).isZero();
      opened += lookup.metrics().filesOpened();
    }
    // 800 probes of bloom filters written at 0.1% false positives: about one opens a file, where
    // opening every file the statistics admit would open all 800.
    assertThat(opened).isLessThanOrEqualTo(3);
  }

  @Test
  void lookupAfterACopyOnWriteRewriteStillReadsOnePage() {
    Table table = randomTable(DocumentTableConfig.defaults(), 3);
    List<BsonValue> ids = table.shuffledIds();
    // A tenth of the documents replaced: every file holds some, so every file is rewritten, its
    // survivors written with the replacements of all the others.
    List<BsonDocument> replacements = new ArrayList<>();
    for (BsonValue id : ids.subList(0, ids.size() / 10)) {
      BsonDocument replaced = table.documents.get(id).clone().append("v", new BsonInt32(2));
      replacements.add(replaced);
      table.documents.put(id, replaced);
    }
    table.table.commit(new TableChanges(List.of(), replacements, List.of()), null, 0);
    DocumentSnapshot snapshot = table.table.snapshot();
    snapshot.lookupById(new BsonString("absent"));
    for (BsonValue id : ids.subList(0, 100)) {
      PointLookup lookup = snapshot.lookupById(id);
      assertThat(lookup.document()).contains(table.documents.get(id));
      assertThat(lookup.metrics().pagesRead()).as("pages read for %s", id).isEqualTo(1);
    }
    for (BsonValue id : ids.subList(ids.size() - 100, ids.size() - 1)) {
      PointLookup lookup = snapshot.lookupById(id);
      assertThat(lookup.document()).contains(table.documents.get(id));
      assertThat(lookup.metrics().filesOpened()).isEqualTo(1);
      assertThat(lookup.metrics().pagesRead()).as("pages read for %s", id).isEqualTo(1);
    }
  }

  @Test
  void lookupAfterCompactionReadsOnePageOfTheMergedFile() {
    Table table = randomTable(DocumentTableConfig.defaults(), 5);
    OptimizeResult compacted = table.table.optimize();
    assertThat(compacted.filesRemoved()).isEqualTo(FILES);
    DocumentSnapshot snapshot = table.table.snapshot();
    assertThat(snapshot.files()).hasSize(1);
    assertThat(snapshot.count()).isEqualTo(FILES * PER_FILE);
    snapshot.lookupById(new BsonString("absent"));
    for (BsonValue id : table.shuffledIds().subList(0, 100)) {
      PointLookup lookup = snapshot.lookupById(id);
      assertThat(lookup.document()).contains(table.documents.get(id));
      assertThat(lookup.metrics().pagesRead()).as("pages read for %s", id).isEqualTo(1);
    }
  }

  @Test
  void documentDeletedByADeletionVectorIsNotFoundAndItsNeighboursAre() {
    Table table = randomTable(DocumentTableConfig.defaults().withDeletionVectors(true), 4);
    table.table.enableDeletionVectors();
    List<BsonValue> ids = table.shuffledIds();
    List<BsonValue> deleted = ids.subList(0, 50);
    table.table.commit(new TableChanges(List.of(), List.of(), deleted), null, 0);
    DocumentSnapshot snapshot = table.table.snapshot();
    assertThat(snapshot.files()).allMatch(file -> file.deletionVector() != null);
    for (BsonValue id : deleted) {
      assertThat(snapshot.lookupById(id).document()).as("deleted %s", id).isEmpty();
    }
    snapshot.lookupById(new BsonString("absent"));
    for (BsonValue id : ids.subList(50, 150)) {
      PointLookup lookup = snapshot.lookupById(id);
      assertThat(lookup.document()).contains(table.documents.get(id));
      assertThat(lookup.metrics().filesOpened()).isEqualTo(1);
      assertThat(lookup.metrics().pagesRead()).isEqualTo(1);
    }
  }

  @Test
  void lookupFindsEveryIdOfEachEncodingInPagesOfManyIds() {
    Random random = new Random(11);
    Map<IdEncoding, java.util.function.Supplier<BsonValue>> ids =
        Map.of(
            IdEncoding.OBJECT_ID, () -> new BsonObjectId(new ObjectId()),
            IdEncoding.STRING, () -> new BsonString(Long.toHexString(random.nextLong())),
            IdEncoding.INT32, () -> new BsonInt32(random.nextInt()),
            IdEncoding.INT64, () -> new BsonInt64(random.nextLong()),
            IdEncoding.KEY,
                () ->
                    random.nextBoolean()
                        // Within 2^53: larger Int64 keys are not pushed down (equal doubles).
                        ? new BsonInt64(random.nextInt(1 << 30))
                        : new BsonString(Long.toHexString(random.nextLong())));
    for (IdEncoding encoding : IdEncoding.values()) {
      DocumentTable table =
          DocumentTable.create(
              new MemoryStorage(),
              "db/" + encoding,
              DocumentTableConfig.defaults().withIdEncoding(encoding),
              Clock.systemUTC());
      Map<BsonValue, BsonDocument> all = new HashMap<>();
      for (int file = 0; file < 2; file++) {
        List<BsonDocument> documents = new ArrayList<>();
        while (documents.size() < 2_000) {
          BsonValue id = ids.get(encoding).get();
          if (!all.containsKey(id)) {
            BsonDocument document =
                new BsonDocument("_id", id).append("text", new BsonString(text(random, 300)));
            documents.add(document);
            all.put(id, document);
          }
        }
        table.write(documents);
      }
      DocumentSnapshot snapshot = table.snapshot();
      List<BsonValue> sample = new ArrayList<>(all.keySet());
      java.util.Collections.shuffle(sample, random);
      for (BsonValue id : sample.subList(0, 300)) {
        PointLookup lookup = snapshot.lookupById(id);
        assertThat(lookup.document()).as("%s %s", encoding, id).contains(all.get(id));
        assertThat(lookup.metrics().rowsRead()).as("%s %s", encoding, id).isEqualTo(1);
      }
      for (int i = 0; i < 50; i++) {
        BsonValue absent = ids.get(encoding).get();
        if (!all.containsKey(absent)) {
          assertThat(snapshot.lookupById(absent).document())
              .as("%s %s", encoding, absent)
              .isEmpty();
        }
      }
    }
  }

  private record Table(DocumentTable table, Map<BsonValue, BsonDocument> documents, long seed) {
    List<BsonValue> shuffledIds() {
      List<BsonValue> ids = new ArrayList<>(documents.keySet());
      ids.sort((a, b) -> a.asString().getValue().compareTo(b.asString().getValue()));
      java.util.Collections.shuffle(ids, new Random(seed));
      return ids;
    }
  }

  /** {@value #FILES} files of {@value #PER_FILE} ~1 KiB documents with random string ids. */
  private static Table randomTable(DocumentTableConfig config, long seed) {
    DocumentTable table =
        DocumentTable.create(new MemoryStorage(), "db/points", config, Clock.systemUTC());
    Random random = new Random(seed);
    Map<BsonValue, BsonDocument> all = new HashMap<>();
    for (int file = 0; file < FILES; file++) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < PER_FILE; i++) {
        BsonValue id = new BsonString(Long.toHexString(random.nextLong()));
        BsonDocument document =
            new BsonDocument("_id", id)
                .append("n", new BsonInt32(file * PER_FILE + i))
                .append("text", new BsonString(text(random, 900)));
        documents.add(document);
        all.put(id, document);
      }
      table.write(documents);
    }
    return new Table(table, all, seed);
  }

  private static String text(Random random, int length) {
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      text.append((char) ('a' + random.nextInt(26)));
    }
    return text.toString();
  }
}
