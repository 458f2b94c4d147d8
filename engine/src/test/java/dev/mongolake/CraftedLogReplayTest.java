package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.daktilo.Daktilo;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A log record crafted to nest past any limit stops the open with a clear error, not a crash. */
class CraftedLogReplayTest {

  @TempDir Path root;

  @Test
  void aDeleteRecordNestedAHundredThousandLevelsFailsTheOpenClearly() {
    try (MongoLake lake = MongoLake.open(root)) {
      lake.db("app")
          .collection("users", BsonDocument.class)
          .insertOne(new BsonDocument("_id", new BsonInt32(1)));
    }
    BsonDocument delete =
        new BsonDocument("op", new BsonString("d")).append("ns", new BsonString("app.users"));
    try (Daktilo log = Daktilo.open(root.resolve(Namespace.RESERVED_LOG_FOLDER))) {
      log.append(DeepBson.withNestedField(delete, "id", 100_000));
    }

    // The open fails with the engine's error for a record it did not write, naming the depth.
    assertThatThrownBy(() -> MongoLake.open(root).close())
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining(
            "it is not valid BSON: Cannot decode BSON: BSONObj exceeds maximum nested object"
                + " depth of 200");
  }
}
