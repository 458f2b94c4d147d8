package dev.mongolake.internal.wal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.Namespace;
import dev.mongolake.daktilo.Daktilo;
import dev.mongolake.daktilo.DaktiloOptions;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Clock;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An open reader's pin keeps the records after it through checkpoints and compactions. */
class LogPinsKeepRecordsFromCompactionTest {

  @TempDir Path folder;

  @Test
  void compactionKeepsWhatAPinNeedsAndTrimsOnceItIsReleased() {
    try (WriteAheadLog wal =
        new WriteAheadLog(
            Daktilo.open(
                folder,
                DaktiloOptions.defaults().withDurability(Durability.BATCH).withSegmentSize(4096)),
            Clock.systemUTC())) {
      wal.historyWindow(java.time.Duration.ZERO);
      Namespace ns = Namespace.parse("app.users");
      String padding = "x".repeat(512);
      for (int i = 1; i <= 64; i++) {
        wal.append(
                new WalRecord.Insert(
                    ns,
                    new BsonDocument("_id", new BsonInt32(i))
                        .append("pad", new BsonString(padding))),
                (sequence, record) -> {})
            .awaitDurable();
      }
      LogPin pin = wal.pin(2);
      wal.checkpoint(wal.durableSequence());
      wal.compact();
      assertThat(wal.firstSequence()).isLessThanOrEqualTo(3);

      pin.moveTo(wal.durableSequence());
      wal.compact();
      assertThat(wal.firstSequence()).isGreaterThan(3);
      pin.close();
    }
  }
}
