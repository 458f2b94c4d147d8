package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A branch of a database of a million documents created, written on both sides, compared and merged
 * with conflicts. A long run (a minute or more): {@code -DlongTests=true}.
 */
@EnabledIfSystemProperty(named = "longTests", matches = "true")
class BranchOfAMillionDocumentsTest {

  private static final int DOCUMENTS = 1_000_000;

  @TempDir Path data;

  @Test
  void aMillionDocumentBranchIsWrittenDiffedAndMergedWithConflicts() {
    try (MongoLake lake = MongoLake.open(data)) {
      MongoLakeCollection<BsonDocument> items =
          lake.db("big").collection("items", BsonDocument.class);
      List<BsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < DOCUMENTS; i++) {
        batch.add(new BsonDocument("_id", new BsonInt32(i)).append("n", new BsonInt32(i)));
        if (batch.size() == 10_000) {
          items.insertMany(batch);
          batch = new ArrayList<>();
        }
      }
      lake.flush();
      lake.branches().create("big", "b");
      MongoLakeCollection<BsonDocument> branch =
          lake.db("big@b").collection("items", BsonDocument.class);
      assertThat(branch.countDocuments()).isEqualTo(DOCUMENTS);

      // Ids 0..999 on the branch, 900..1899 on the parent: 100 conflicts.
      for (int i = 0; i < 1_000; i++) {
        set(branch, i, "branch");
        set(items, 900 + i, "parent");
      }
      branch.insertOne(new BsonDocument("_id", new BsonInt32(-1)));

      BranchDifference diff = lake.branches().diff("big", "b").getFirst();
      assertThat(diff.onBranch().changed()).isEqualTo(1_000);
      assertThat(diff.onBranch().added()).isEqualTo(1);
      assertThat(diff.onParent().changed()).isEqualTo(1_000);
      assertThat(diff.conflictCount()).isEqualTo(100);
      assertThatThrownBy(() -> lake.branches().merge("big", "b", MergePolicy.FAIL))
          .hasMessageContaining("100 documents of items changed on both sides");

      MergeResult merged = lake.branches().merge("big", "b", MergePolicy.OURS);
      assertThat(merged.collections())
          .containsExactly(new MergeResult.Merged("items", 1, 900, 0, 100));
      assertThat(items.countDocuments(new BsonDocument("by", new BsonString("branch"))))
          .isEqualTo(900);
      assertThat(items.countDocuments(new BsonDocument("by", new BsonString("parent"))))
          .isEqualTo(1_000);
      assertThat(items.countDocuments()).isEqualTo(DOCUMENTS + 1);
    }
  }

  private static void set(MongoLakeCollection<BsonDocument> items, int id, String by) {
    items.updateOne(
        new BsonDocument("_id", new BsonInt32(id)),
        new BsonDocument("$set", new BsonDocument("by", new BsonString(by))));
  }
}
