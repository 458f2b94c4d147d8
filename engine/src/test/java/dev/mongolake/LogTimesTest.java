package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.bson.BsonBytesEncoder;
import dev.mongolake.daktilo.Daktilo;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every logged write gets a later log time, stamped in its record, so a restart keeps it. */
class LogTimesTest {

  @TempDir Path root;

  private static void insert(MongoLake lake, int id) {
    lake.db("app")
        .collection("users", BsonDocument.class)
        .insertOne(new BsonDocument("_id", new BsonInt32(id)));
  }

  @Test
  void eachWriteGetsALaterTimeAndARestartContinuesAfterTheLast() {
    BsonTimestamp last;
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.lastWriteTime()).isEqualTo(new BsonTimestamp(0L));
      insert(lake, 1);
      BsonTimestamp first = lake.lastWriteTime();
      insert(lake, 2);
      last = lake.lastWriteTime();
      assertThat(first.getTime()).isPositive();
      assertThat(last).isGreaterThan(first);
      assertThat(lake.durableWriteTime()).isEqualTo(last);
    }
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.lastWriteTime()).isEqualTo(last);
      insert(lake, 3);
      assertThat(lake.lastWriteTime()).isGreaterThan(last);
    }
  }

  @Test
  void aLogWrittenBeforeRecordsCarriedTimesOpensAndItsRecordsComeFirst() {
    Path log = root.resolve(Namespace.RESERVED_LOG_FOLDER);
    long sequence;
    try (Daktilo daktilo = Daktilo.open(log)) {
      sequence =
          daktilo.append(
              BsonBytesEncoder.encode(
                  new BsonDocument("op", new BsonString("i"))
                      .append("ns", new BsonString("app.users"))
                      .append("doc", new BsonDocument("_id", new BsonInt32(1)))));
    }
    try (MongoLake lake = MongoLake.open(root)) {
      assertThat(lake.db("app").collection("users", BsonDocument.class).countDocuments())
          .isEqualTo(1);
      assertThat(lake.lastWriteTime()).isEqualTo(new BsonTimestamp(0, (int) sequence));
      insert(lake, 2);
      assertThat(lake.lastWriteTime().getTime()).isPositive();
    }
  }
}
