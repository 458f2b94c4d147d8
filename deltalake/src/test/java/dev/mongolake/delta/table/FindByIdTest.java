package dev.mongolake.delta.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.delta.parquet.CountingMemoryStorage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

class FindByIdTest {
  private final CountingMemoryStorage storage = new CountingMemoryStorage();

  private static BsonDocument doc(int id, String name) {
    return new BsonDocument("_id", new BsonInt32(id)).append("name", new BsonString(name));
  }

  private DocumentTable tableOf(int files, int perFile) {
    DocumentTable table =
        DocumentTable.create(
            storage, "app/people", DocumentTableConfig.defaults(), Clock.systemUTC());
    for (int f = 0; f < files; f++) {
      List<BsonDocument> documents = new ArrayList<>();
      for (int i = 0; i < perFile; i++) {
        int id = f * perFile + i;
        documents.add(doc(id, "person " + id));
      }
      table.write(documents);
    }
    return table;
  }

  @Test
  void findsTheDocumentAndAnswersARepeatedLookupWithoutReadingStorage() {
    DocumentSnapshot snapshot = tableOf(3, 500).snapshot();

    storage.resetCounters();
    assertThat(snapshot.findById(new BsonInt32(742))).contains(doc(742, "person 742"));
    assertThat(storage.rangeReads()).isPositive();
    storage.resetCounters();
    assertThat(snapshot.findById(new BsonInt32(742))).contains(doc(742, "person 742"));

    assertThat(storage.rangeReads()).isZero();
  }

  @Test
  void anAbsentIdIsRememberedAsAbsent() {
    DocumentSnapshot snapshot = tableOf(2, 300).snapshot();
    // Inside the second file's _id range, so its statistics cannot rule it out.
    DocumentTable table =
        DocumentTable.open(storage, "app/people", Clock.systemUTC()).orElseThrow();
    table.commit(new TableChanges(List.of(), List.of(), List.of(new BsonInt32(450))), null, 0);
    DocumentSnapshot withoutIt = table.snapshot();

    assertThat(withoutIt.findById(new BsonInt32(450))).isEmpty();
    storage.resetCounters();
    assertThat(withoutIt.findById(new BsonInt32(450))).isEmpty();

    assertThat(storage.rangeReads()).isZero();
    assertThat(snapshot.findById(new BsonInt32(450))).contains(doc(450, "person 450"));
  }

  @Test
  void callersGetTheirOwnCopyToChange() {
    DocumentSnapshot snapshot = tableOf(1, 100).snapshot();
    BsonDocument first = snapshot.findById(new BsonInt32(7)).orElseThrow();

    first.put("name", new BsonString("changed by a caller"));
    first.remove("_id");

    assertThat(snapshot.findById(new BsonInt32(7))).contains(doc(7, "person 7"));
  }

  @Test
  void aReplacedDocumentIsReadFromItsNewFile() {
    DocumentTable table = tableOf(2, 200);
    DocumentSnapshot before = table.snapshot();
    assertThat(before.findById(new BsonInt32(250))).contains(doc(250, "person 250"));

    table.commit(new TableChanges(List.of(), List.of(doc(250, "renamed")), List.of()), null, 0);

    assertThat(table.snapshot().findById(new BsonInt32(250))).contains(doc(250, "renamed"));
    assertThat(before.findById(new BsonInt32(250))).contains(doc(250, "person 250"));
  }

  @Test
  void equalNumbersOfAnotherTypeFindTheSameDocument() {
    DocumentSnapshot snapshot = tableOf(1, 50).snapshot();

    BsonValue asDouble = new BsonDouble(12.0);

    assertThat(snapshot.findById(asDouble)).contains(doc(12, "person 12"));
    assertThat(snapshot.findById(new BsonDouble(12.5))).isEmpty();
  }

  @Test
  void findByIdAgreesWithAFilteredScanForEveryId() {
    DocumentSnapshot snapshot = tableOf(3, 40).snapshot();

    for (int id = -5; id < 125; id++) {
      List<BsonDocument> scanned = new ArrayList<>();
      try (var scan = snapshot.query(new BsonDocument("_id", new BsonInt32(id)))) {
        scan.forEachRemaining(scanned::add);
      }
      assertThat(snapshot.findById(new BsonInt32(id)).stream().toList())
          .as("_id %d", id)
          .isEqualTo(scanned);
    }
  }
}
