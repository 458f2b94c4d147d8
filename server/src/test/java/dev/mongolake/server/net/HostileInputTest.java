package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.server.wire.MessageDecoder;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.OpMsg;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Nothing a client sends can crash the server or disturb another connection. */
class HostileInputTest {

  private static final int FUZZ_CASES = Integer.getInteger("fuzz.cases", 5_000);

  private static RunningServer server;
  private static MongoClient healthyClient;

  @BeforeAll
  static void start() {
    server = RunningServer.start();
    healthyClient = MongoClients.create(server.uri(""));
  }

  @AfterAll
  static void stop() {
    healthyClient.close();
    server.close();
  }

  @Test
  void malformedBsonGetsAProtocolErrorAndTheConnectionStaysUsable() throws Exception {
    try (Socket socket = connect()) {
      byte[] bad = ping(1);
      ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(21, 9999);
      socket.getOutputStream().write(bad);

      BsonDocument error = readReply(socket.getInputStream());
      assertThat(error.getInt32("code").getValue()).isEqualTo(17);
      assertThat(error.getString("codeName").getValue()).isEqualTo("ProtocolError");
      assertThat(error.getString("errmsg").getValue()).contains("invalid BSON length 9999");

      socket.getOutputStream().write(ping(2));
      assertThat(readReply(socket.getInputStream()).get("ok").asNumber().doubleValue())
          .isEqualTo(1.0);
    }
    assertServerHealthy();
  }

  @Test
  void unknownOpcodeGetsAnError() throws Exception {
    try (Socket socket = connect()) {
      byte[] message = ping(1);
      ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN).putInt(12, 9999);
      socket.getOutputStream().write(message);

      assertThat(readReply(socket.getInputStream()).getString("errmsg").getValue())
          .isEqualTo("Cannot handle message: unknown opcode 9999");
    }
    assertServerHealthy();
  }

  @Test
  void absurdFrameLengthClosesOnlyThatConnection() throws Exception {
    try (Socket socket = connect()) {
      byte[] header =
          ByteBuffer.allocate(16)
              .order(ByteOrder.LITTLE_ENDIAN)
              .putInt(-5)
              .putInt(1)
              .putInt(0)
              .putInt(2013)
              .array();
      socket.getOutputStream().write(header);

      assertThat(socket.getInputStream().read()).isEqualTo(-1);
    }
    assertServerHealthy();
  }

  @Test
  void randomAndMutatedFramesNeverHurtTheServer() throws Exception {
    Random random = new Random(20261130L);
    byte[] valid = ping(1);
    Socket socket = connect();
    try {
      for (int i = 0; i < FUZZ_CASES; i++) {
        byte[] message = mutate(valid, random);
        try {
          socket.getOutputStream().write(message);
          socket.getOutputStream().write(ping(i + 2));
          drainUntilReplyTo(i + 2, socket.getInputStream());
        } catch (IOException closedByServer) {
          socket.close();
          socket = connect();
        }
      }
    } finally {
      socket.close();
    }
    assertServerHealthy();
  }

  /** Mutations keep the frame length honest so every case reaches the message parser. */
  private static byte[] mutate(byte[] valid, Random random) {
    byte[] message = valid.clone();
    switch (random.nextInt(4)) {
      case 0 -> {
        int flips = 1 + random.nextInt(4);
        for (int f = 0; f < flips; f++) {
          int at = 16 + random.nextInt(message.length - 16);
          message[at] = (byte) random.nextInt(256);
        }
      }
      case 1 -> {
        int at = 20 + random.nextInt(message.length - 20);
        message[at] ^= (byte) (1 << random.nextInt(8));
      }
      case 2 -> {
        byte[] body = new byte[random.nextInt(64)];
        random.nextBytes(body);
        message =
            ByteBuffer.allocate(16 + body.length)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(16 + body.length)
                .putInt(7)
                .putInt(0)
                .putInt(random.nextBoolean() ? 2013 : 2012 + random.nextInt(3))
                .put(body)
                .array();
      }
      default -> {
        // requestId, responseTo or opCode; a dishonest length is the subject of its own test.
        int at = 4 + random.nextInt(12);
        message[at] = (byte) random.nextInt(256);
      }
    }
    return message;
  }

  private void assertServerHealthy() {
    Document reply = healthyClient.getDatabase("admin").runCommand(new Document("ping", 1));
    assertThat(reply.get("ok")).isEqualTo(1.0);
  }

  private static Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", server.server.port());
    socket.setSoTimeout(5_000);
    return socket;
  }

  private static byte[] ping(int requestId) {
    BsonDocument command =
        new BsonDocument("ping", new BsonInt32(1)).append("$db", new BsonString("admin"));
    return MessageEncoder.encode(OpMsg.reply(command), requestId, 0, Optional.empty());
  }

  private static BsonDocument readReply(InputStream in) throws IOException {
    MessageFrames.Frame frame = MessageFrames.read(new DataInputStream(in));
    return ((OpMsg) MessageDecoder.decode(frame.header(), frame.body()).message()).body();
  }

  /** Reads replies until the one answering request {@code requestId}. */
  private static void drainUntilReplyTo(int requestId, InputStream in) throws IOException {
    while (true) {
      MessageFrames.Frame frame = MessageFrames.read(in);
      if (frame == null) {
        throw new IOException("closed by the server");
      }
      if (frame.header().responseTo() == requestId) {
        return;
      }
    }
  }
}
