package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage found at rest is reported, never served as if nothing happened: a table that lost commits
 * the trimmed log relied on stops the open, and a cut-off log tail is reported.
 */
class DamageAtRestIsReportedTest {

  @TempDir Path root;

  private static Document user(int id) {
    return new Document("_id", id).append("name", "user " + id);
  }

  /** Two flushes, each committing a version and trimming the log past its records. */
  private void writeTwoFlushedVersions() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      users.insertMany(List.of(user(1), user(2)));
      lake.flush();
      users.insertOne(user(3));
      lake.flush();
    }
  }

  private static Path newestCommit(Path table) throws IOException {
    try (Stream<Path> files = Files.list(table.resolve("_delta_log"))) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".json"))
          .max(Comparator.naturalOrder())
          .orElseThrow();
    }
  }

  @Test
  void aTableMissingItsNewestCommitStopsTheOpenNamingTheCollection() throws IOException {
    writeTwoFlushedVersions();
    Path commit = newestCommit(root.resolve("app/users"));
    Files.delete(commit);

    assertThatThrownBy(() -> MongoLake.open(root))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DATA_CORRUPTION_DETECTED))
        .hasMessageContaining("Cannot open the lake")
        .hasMessageContaining("app.users")
        .hasMessageContaining("was committed before the log was trimmed");
  }

  @Test
  void acceptingTheLossOpensTheOlderVersionAndLaterOpensNeedNoOption() throws IOException {
    writeTwoFlushedVersions();
    Files.delete(newestCommit(root.resolve("app/users")));

    try (MongoLake lake =
        MongoLake.open(MongoLakeOptions.defaults().withPath(root).withAcceptTableLoss(true))) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");
      List<Document> found = users.find().into(new ArrayList<>());
      assertThat(found).extracting(d -> d.getInteger("_id")).containsExactlyInAnyOrder(1, 2);
      users.insertOne(user(4));
    }
    // The accepted state was recorded by the flush on close: it is the new baseline.
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.db("app").collection("users").countDocuments()).isEqualTo(3);
    }
  }

  @Test
  void restartsRenamesAndDropsAreNotMistakenForLoss() {
    try (MongoLake lake = MongoLake.open(root)) {
      lake.db("app").collection("users").insertMany(List.of(user(1), user(2)));
      lake.db("app").collection("gone").insertOne(user(9));
      lake.flush();
      lake.db("app")
          .collection("users")
          .renameCollection(new com.mongodb.MongoNamespace("app", "people"));
      lake.db("app").collection("gone").drop();
      lake.db("app").collection("people").insertOne(user(3));
      lake.flush();
    }
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.db("app").collection("people").countDocuments()).isEqualTo(3);
      assertThat(lake.db("app").listCollectionNames()).containsExactly("people");
      assertThat(lake.droppedLogTail()).isEmpty();
    }
  }

  @Test
  void aDroppedCollectionLeavesNoVersionForANewTableAtItsPathToBeMeasuredAgainst()
      throws IOException {
    writeTwoFlushedVersions();
    Path versions = root.resolve("_mongolake/committed-table-versions.json");
    assertThat(Files.readString(versions)).contains("app/users");

    try (MongoLake lake = MongoLake.open(root)) {
      lake.db("app").collection("users").drop();
      assertThat(versions).as("the last table gone, the file goes too").doesNotExist();
      lake.db("app").collection("users").insertOne(user(7));
      lake.db("app").collection("other").insertOne(user(8));
      lake.flush();
    }
    assertThat(Files.readString(versions)).contains("app/users").contains("app/other");
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.db("app").collection("users").countDocuments()).isEqualTo(1);
    }
  }

  @Test
  void aDamagedLastLogRecordIsCutAndReported() throws IOException {
    try (MongoLake lake = MongoLake.open(root)) {
      lake.db("app").collection("users").insertMany(List.of(user(1), user(2)));
    }
    Path active = activeSegment();
    flipLastNonZeroByte(active);

    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.droppedLogTail())
          .hasValueSatisfying(
              tail -> {
                assertThat(tail.bytes()).isPositive();
                assertThat(tail.segment()).isEqualTo(active);
              });
      // Closing had flushed both documents to the table, which the cut does not touch.
      assertThat(lake.db("app").collection("users").countDocuments()).isEqualTo(2);
    }
  }

  private Path activeSegment() throws IOException {
    try (Stream<Path> files = Files.list(root.resolve(Namespace.RESERVED_LOG_FOLDER))) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".log"))
          .max(Comparator.naturalOrder())
          .orElseThrow();
    }
  }

  private static void flipLastNonZeroByte(Path file) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      for (long at = raf.length() - 1; at >= 0; at--) {
        raf.seek(at);
        int b = raf.read();
        if (b != 0) {
          raf.seek(at);
          raf.write(b == 0xFF ? 0x7F : b ^ 0xFF);
          return;
        }
      }
    }
  }
}
