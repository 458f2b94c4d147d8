package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.server.wire.MessageDecoder;
import dev.mongolake.server.wire.MessageEncoder;
import dev.mongolake.server.wire.MessageFrames;
import dev.mongolake.server.wire.OpMsg;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Nothing a client sends can crash the server or disturb another connection. */
class HostileInputTest {

  private static final int FUZZ_CASES = Integer.getInteger("fuzz.cases", 100_000);

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

  /**
   * {@value #FUZZ_CONNECTIONS} connections each send their share of mutated frames, every one
   * followed by a ping, pipelined in runs of {@value #PIPELINE} so that 100,000 cases fit in CI
   * time. A case the server answered by closing the connection is skipped on a new connection. A
   * well-behaved client pings throughout and must never fail.
   */
  @Test
  void randomAndMutatedFramesNeverHurtTheServerOrAnotherClient() throws Exception {
    AtomicBoolean fuzzing = new AtomicBoolean(true);
    AtomicLong healthyPings = new AtomicLong();
    AtomicReference<Throwable> healthyFailure = new AtomicReference<>();
    Thread healthy =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    while (fuzzing.get()) {
                      assertServerHealthy();
                      healthyPings.incrementAndGet();
                    }
                  } catch (Throwable e) {
                    healthyFailure.set(e);
                  }
                });
    List<Thread> workers = new ArrayList<>();
    AtomicLong closes = new AtomicLong();
    AtomicReference<Throwable> workerFailure = new AtomicReference<>();
    for (int w = 0; w < FUZZ_CONNECTIONS; w++) {
      long seed = 20261130L + w;
      int cases = FUZZ_CASES / FUZZ_CONNECTIONS;
      workers.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      closes.addAndGet(fuzzOneConnection(new Random(seed), cases));
                    } catch (Throwable e) {
                      workerFailure.set(e);
                    }
                  }));
    }
    for (Thread worker : workers) {
      worker.join();
    }
    fuzzing.set(false);
    healthy.join();

    assertThat(workerFailure.get()).isNull();
    assertThat(healthyFailure.get()).isNull();
    System.out.printf(
        "fuzz: %d cases over %d connections, %d closed by the server, %d healthy pings%n",
        FUZZ_CASES, FUZZ_CONNECTIONS, closes.get(), healthyPings.get());
    assertThat(healthyPings.get()).isPositive();
    assertServerHealthy();
  }

  /** Sends {@code cases} mutated frames; returns how often the server closed the connection. */
  private static long fuzzOneConnection(Random random, int cases) throws IOException {
    List<byte[]> seeds = seeds();
    Socket socket = connect();
    int next = 0;
    long closes = 0;
    try {
      while (next < cases) {
        int end = Math.min(cases, next + PIPELINE);
        ByteArrayOutputStream run = new ByteArrayOutputStream();
        for (int i = next; i < end; i++) {
          run.write(mutate(seeds.get(random.nextInt(seeds.size())), random));
          run.write(ping(PING_BASE + i));
        }
        int answered;
        try {
          writeOrNotice(socket, run.toByteArray());
          answered =
              answeredUpTo(PING_BASE + next - 1, PING_BASE + end - 1, socket.getInputStream())
                  - PING_BASE;
        } catch (ClosedAfter closed) {
          answered = closed.lastAnswered - PING_BASE;
          closes++;
        }
        if (answered >= end - 1) {
          next = end;
        } else {
          // The case after the last answered ping closed the connection: it counts as seen.
          next = Math.max(next, answered + 2);
          socket.close();
          socket = connect();
        }
      }
    } finally {
      socket.close();
    }
    return closes;
  }

  private static final int FUZZ_CONNECTIONS = 4;
  private static final int PIPELINE = 64;
  private static final int PING_BASE = 1_000_000;

  /** The server closed the connection; the last ping it answered before that. */
  private static final class ClosedAfter extends IOException {
    private static final long serialVersionUID = 1L;
    final int lastAnswered;

    ClosedAfter(int lastAnswered) {
      super("closed by the server");
      this.lastAnswered = lastAnswered;
    }
  }

  /** Writes; a connection the server already closed shows up when its replies are read. */
  private static void writeOrNotice(Socket socket, byte[] bytes) {
    try {
      socket.getOutputStream().write(bytes);
    } catch (IOException closedWhileWriting) {
      // answeredUpTo reports how far the server got.
    }
  }

  /** Reads replies until the ping {@code last}; returns it, or throws with the last one seen. */
  private static int answeredUpTo(int before, int last, InputStream in) throws IOException {
    int seen = before;
    while (true) {
      MessageFrames.Frame frame;
      try {
        frame = MessageFrames.read(in);
      } catch (IOException e) {
        throw new ClosedAfter(seen);
      }
      if (frame == null) {
        throw new ClosedAfter(seen);
      }
      int to = frame.header().responseTo();
      if (to >= PING_BASE) {
        seen = to;
        if (to == last) {
          return to;
        }
      }
    }
  }

  /** Valid requests of several shapes for the mutations to start from. */
  private static List<byte[]> seeds() {
    List<byte[]> seeds = new ArrayList<>();
    seeds.add(ping(1));
    seeds.add(
        MessageEncoder.encode(
            OpMsg.reply(
                BsonDocument.parse(
                    "{insert: 'fuzz', documents: [{_id: 1, a: 'x', n: 1.5, d: {$date: 0}}],"
                        + " ordered: true, $db: 'fuzz'}")),
            1,
            0,
            Optional.empty()));
    seeds.add(
        MessageEncoder.encode(
            OpMsg.reply(
                BsonDocument.parse(
                    "{find: 'fuzz', filter: {a: {$in: ['x', 'y']}, n: {$gt: 1}}, sort: {n: -1},"
                        + " limit: 2, $db: 'fuzz'}")),
            1,
            0,
            Optional.empty()));
    seeds.add(
        MessageEncoder.encode(
            OpMsg.reply(
                BsonDocument.parse(
                    "{hello: 1, client: {driver: {name: 'fuzz', version: '1'}},"
                        + " compression: ['zstd', 'snappy'], $db: 'admin'}")),
            1,
            0,
            Optional.empty()));
    return seeds;
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
