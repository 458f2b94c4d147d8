package dev.mongolake.internal.wal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.Namespace;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compaction keeps the records younger than the history window, and only those. */
class HistoryWindowKeepsRecentRecordsTest {

  @TempDir Path folder;

  private final AtomicLong millis = new AtomicLong(1_800_000_000_000L);
  private final Clock clock =
      new Clock() {
        @Override
        public ZoneOffset getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
          return this;
        }

        @Override
        public Instant instant() {
          return Instant.ofEpochMilli(millis.get());
        }
      };

  private static void appendSome(WriteAheadLog wal, int from, int count) {
    Namespace ns = Namespace.parse("app.users");
    for (int i = from; i < from + count; i++) {
      wal.append(
              new WalRecord.Insert(
                  ns,
                  new BsonDocument("_id", new BsonInt32(i))
                      .append("pad", new BsonString("x".repeat(512)))),
              (sequence, record) -> {})
          .awaitDurable();
    }
  }

  @Test
  void recordsInsideTheWindowOutliveCheckpointsAndOlderOnesGo() {
    try (WriteAheadLog wal =
        new WriteAheadLog(
            Daktilo.open(
                folder,
                DaktiloOptions.defaults().withDurability(Durability.BATCH).withSegmentSize(4096)),
            clock)) {
      wal.historyWindow(Duration.ofMinutes(5));
      appendSome(wal, 1, 32);
      millis.addAndGet(Duration.ofMinutes(3).toMillis());
      long firstOfLater = wal.durableSequence() + 1;
      appendSome(wal, 100, 32);
      wal.checkpoint(wal.durableSequence());

      wal.compact();
      assertThat(wal.firstSequence()).as("everything is younger than 5 minutes").isEqualTo(1);

      millis.addAndGet(Duration.ofMinutes(3).toMillis());
      wal.compact();
      assertThat(wal.firstSequence())
          .as("the first batch left the window, the second did not")
          .isGreaterThan(1)
          .isLessThanOrEqualTo(firstOfLater);

      millis.addAndGet(Duration.ofMinutes(3).toMillis());
      appendSome(wal, 200, 32);
      wal.checkpoint(wal.durableSequence());
      wal.compact();
      assertThat(wal.firstSequence()).isGreaterThan(firstOfLater);
    }
  }
}
