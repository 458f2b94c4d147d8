package dev.mongolake.internal.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.MongoLakeException;
import dev.mongolake.Namespace;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;

class WalRecordCodecTest {

  @Test
  void aRenameRoundTripsAcrossDatabases() {
    WalRecord rename =
        new WalRecord.RenameCollection(
            new Namespace("app", "orders.2025"), new Namespace("archive", "orders"), true);

    assertThat(WalRecordCodec.decode(WalRecordCodec.encode(rename))).isEqualTo(rename);
  }

  @Test
  void aRenameWithoutDropTargetReadsAsFalse() {
    byte[] bytes = bson("{op: 'rename', ns: 'app.a', to: 'app.b'}");

    assertThat(WalRecordCodec.decode(bytes))
        .isEqualTo(
            new WalRecord.RenameCollection(
                new Namespace("app", "a"), new Namespace("app", "b"), false));
  }

  @Test
  void aRenameWithoutTargetIsRefused() {
    assertThatThrownBy(() -> WalRecordCodec.decode(bson("{op: 'rename', ns: 'app.a'}")))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage("Cannot replay a write-ahead log record: a rename lacks 'to'");
  }

  private static byte[] bson(String json) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      new BsonDocumentCodec()
          .encode(writer, BsonDocument.parse(json), EncoderContext.builder().build());
    }
    return buffer.toByteArray();
  }
}
