package dev.mongolake.server.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mongolake.ErrorCode;
import dev.mongolake.bson.BsonNesting;
import dev.mongolake.server.DeepBson;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MessageCodecTest {

  private static final BsonDocument INSERT =
      new BsonDocument("insert", new BsonString("users")).append("$db", new BsonString("app"));

  @Test
  void opMsgWithDocumentSequenceRoundTripsAndMergesIntoTheCommand() throws Exception {
    List<BsonDocument> documents =
        List.of(
            new BsonDocument("_id", new BsonInt32(1)), new BsonDocument("_id", new BsonInt32(2)));
    OpMsg msg = new OpMsg(0, INSERT, List.of(new DocumentSequence("documents", documents)));

    OpMsg decoded = (OpMsg) roundTrip(msg, Optional.empty()).message();

    assertThat(decoded.body()).isEqualTo(INSERT);
    assertThat(decoded.sequences()).containsExactly(new DocumentSequence("documents", documents));
    assertThat(decoded.command().getArray("documents"))
        .isEqualTo(new BsonArray(List.copyOf(documents)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"snappy", "zlib", "zstd"})
  void compressedMessagesRoundTripAndRememberTheirCompressor(String name) throws Exception {
    Compressor compressor = Compressors.byName(name).orElseThrow();
    OpMsg msg = OpMsg.reply(INSERT.clone().append("pad", new BsonString("y".repeat(5000))));

    DecodedMessage decoded = roundTrip(msg, Optional.of(compressor));

    assertThat(decoded.message()).isEqualTo(msg);
    assertThat(decoded.compressor()).contains(compressor);
  }

  @Test
  void opMsgChecksumIsVerified() throws Exception {
    byte[] bytes = withChecksum(MessageEncoder.encode(OpMsg.reply(INSERT), 7, 0, Optional.empty()));

    MessageFrames.Frame frame = MessageFrames.read(new ByteArrayInputStream(bytes));
    assertThat(((OpMsg) MessageDecoder.decode(frame.header(), frame.body()).message()).body())
        .isEqualTo(INSERT);

    bytes[bytes.length - 1] ^= 0x01;
    MessageFrames.Frame corrupt = MessageFrames.read(new ByteArrayInputStream(bytes));
    assertThatThrownBy(() -> MessageDecoder.decode(corrupt.header(), corrupt.body()))
        .isInstanceOf(WireProtocolException.class)
        .hasMessage("Cannot read OP_MSG: checksum mismatch");
  }

  @Test
  void unknownRequiredFlagBitIsRejected() throws Exception {
    byte[] bytes = MessageEncoder.encode(OpMsg.reply(INSERT), 1, 0, Optional.empty());
    bytes[16] = 0x04;
    MessageFrames.Frame frame = MessageFrames.read(new ByteArrayInputStream(bytes));

    assertThatThrownBy(() -> MessageDecoder.decode(frame.header(), frame.body()))
        .hasMessage("Cannot read OP_MSG: unknown required flag bits 0x4");
  }

  @Test
  void bsonLengthPastTheMessageIsRejectedWithoutReadingBeyondIt() throws Exception {
    byte[] bytes = MessageEncoder.encode(OpMsg.reply(INSERT), 1, 0, Optional.empty());
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(21, 1_000_000);
    MessageFrames.Frame frame = MessageFrames.read(new ByteArrayInputStream(bytes));

    assertThatThrownBy(() -> MessageDecoder.decode(frame.header(), frame.body()))
        .hasMessageContaining("invalid BSON length 1000000");
  }

  @Test
  void frameLengthAboveTheLimitIsRejectedBeforeAllocating() {
    byte[] header =
        ByteBuffer.allocate(16)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putInt(Integer.MAX_VALUE)
            .putInt(1)
            .putInt(0)
            .putInt(OpCode.OP_MSG.code())
            .array();

    assertThatThrownBy(() -> MessageFrames.read(new ByteArrayInputStream(header)))
        .isInstanceOf(WireProtocolException.class)
        .hasMessageContaining("is outside 16..48000000");
  }

  @Test
  void aBodyNestedToTheBsonLimitDecodes() throws Exception {
    byte[] body =
        DeepBson.append(
            new BsonDocument("ping", new BsonInt32(1)).append("$db", new BsonString("admin")),
            "deep",
            DeepBson.DOCUMENT,
            DeepBson.nested(BsonNesting.MAX_DEPTH - 1, DeepBson.DOCUMENTS));

    OpMsg decoded = (OpMsg) decode(DeepBson.opMsg(1, body)).message();

    assertThat(BsonNesting.nestedLevels(decoded.body(), 1000)).isEqualTo(BsonNesting.MAX_DEPTH);
  }

  @Test
  void aBodyNestedPastTheBsonLimitIsRefusedWithOverflow() {
    byte[] body =
        DeepBson.append(
            new BsonDocument("ping", new BsonInt32(1)),
            "deep",
            DeepBson.DOCUMENT,
            DeepBson.nested(BsonNesting.MAX_DEPTH, DeepBson.DOCUMENTS));

    assertThatThrownBy(() -> decode(DeepBson.opMsg(1, body)))
        .isInstanceOfSatisfying(
            WireProtocolException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.OVERFLOW))
        .hasMessage("Cannot read OP_MSG body: BSONObj exceeds maximum nested object depth of 200");
  }

  @Test
  void aDocumentSequenceNestedPastTheBsonLimitIsRefusedWithOverflow() throws Exception {
    byte[] deep = DeepBson.nested(100_000, DeepBson.DOCUMENTS);
    byte[] message =
        MessageEncoder.encode(
            new OpMsg(0, INSERT, List.of(new DocumentSequence("documents", List.of()))),
            1,
            0,
            Optional.empty());
    // Grow the empty sequence by the deep document: its size field, then the message's.
    ByteBuffer grown =
        ByteBuffer.allocate(message.length + deep.length).order(ByteOrder.LITTLE_ENDIAN);
    grown.put(message).put(deep);
    int sequenceAt = message.length - (4 + "documents".length() + 1);
    grown.putInt(sequenceAt, grown.getInt(sequenceAt) + deep.length);
    grown.putInt(0, grown.capacity());

    assertThatThrownBy(() -> decode(grown.array()))
        .isInstanceOfSatisfying(
            WireProtocolException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.OVERFLOW))
        .hasMessage(
            "Cannot read OP_MSG document sequence 'documents': BSONObj exceeds maximum nested"
                + " object depth of 200");
  }

  private static DecodedMessage decode(byte[] message) throws Exception {
    MessageFrames.Frame frame = MessageFrames.read(new ByteArrayInputStream(message));
    return MessageDecoder.decode(frame.header(), frame.body());
  }

  @Test
  void legacyHandshakeQueryDecodes() throws Exception {
    OpQuery query =
        new OpQuery(0, "admin.$cmd", 0, -1, new BsonDocument("isMaster", new BsonInt32(1)), null);

    assertThat(roundTrip(query, Optional.empty()).message()).isEqualTo(query);
  }

  private static DecodedMessage roundTrip(WireMessage message, Optional<Compressor> compressor)
      throws Exception {
    byte[] bytes = MessageEncoder.encode(message, 42, 0, compressor);
    MessageFrames.Frame frame = MessageFrames.read(new ByteArrayInputStream(bytes));
    assertThat(frame.header().requestId()).isEqualTo(42);
    return MessageDecoder.decode(frame.header(), frame.body());
  }

  /** Sets checksumPresent and appends the CRC32C of the message, as a client may. */
  private static byte[] withChecksum(byte[] message) {
    byte[] out = Arrays.copyOf(message, message.length + 4);
    ByteBuffer buffer = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(0, out.length);
    buffer.putInt(16, buffer.getInt(16) | OpMsg.CHECKSUM_PRESENT);
    CRC32C crc = new CRC32C();
    crc.update(out, 0, message.length);
    buffer.putInt(message.length, (int) crc.getValue());
    return out;
  }
}
