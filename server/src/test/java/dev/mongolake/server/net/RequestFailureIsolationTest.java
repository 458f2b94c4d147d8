package dev.mongolake.server.net;

import static dev.mongolake.server.net.AwaitableHelloTest.command;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mongolake.server.auth.InMemoryUserStore;
import dev.mongolake.server.authz.Access;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.wire.OpMsg;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A request whose handling fails in a way no handler meant (running out of stack or memory, a bug,
 * a reply that cannot be encoded) is answered with an error, on the loop or off it, and on every
 * transport every connection (its own included) goes on being served.
 */
class RequestFailureIsolationTest {

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

  /** A test command that fails as {@code failure} says; quick ones run on an event loop. */
  private record Failing(String name, boolean quick, Function<BsonDocument, BsonDocument> failure)
      implements Command {
    @Override
    public String help() {
      return "Test command: fails unexpectedly.";
    }

    @Override
    public Access access(CommandRequest request) {
      return Access.open();
    }

    @Override
    public boolean quick(BsonDocument body) {
      return quick;
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      return failure.apply(request.body());
    }
  }

  private static final List<Command> FAILING =
      List.of(
          new Failing("testOverflowOnTheLoop", true, body -> recurse(body)),
          new Failing("testOverflowAside", false, body -> recurse(body)),
          new Failing(
              "testOutOfMemory",
              true,
              body -> {
                throw new OutOfMemoryError("Java heap space (simulated)");
              }),
          new Failing(
              "testAssertion",
              true,
              body -> {
                throw new AssertionError("a broken invariant (simulated)");
              }),
          new Failing("testUnencodableReply", true, body -> nestedReply(2_000)));

  private static RunningServer start(ConnectionThreads threads) {
    return RunningServer.start(
        WireServerOptions.local(0).withThreads(threads),
        false,
        new InMemoryUserStore(),
        FAILING.toArray(Command[]::new));
  }

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void aRequestThatRunsOutOfStackIsAnsweredWithOverflow(ConnectionThreads threads)
      throws Exception {
    try (RunningServer server = start(threads);
        WireTestClient client = WireTestClient.connect(server.server.port(), READ_TIMEOUT)) {
      for (String name : List.of("testOverflowOnTheLoop", "testOverflowAside")) {
        client.send(command(name), 0);
        BsonDocument reply = client.read().body();

        assertThat(reply.getString("codeName").getValue()).as(name).isEqualTo("Overflow");
        assertThat(reply.getInt32("code").getValue()).isEqualTo(15);
        assertThat(reply.getString("errmsg").getValue())
            .isEqualTo("Cannot run command: it nests too deeply to process");
      }
      assertEveryConnectionIsServed(server, client);
    }
  }

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void aRequestThatRunsOutOfMemoryIsAnsweredWithExceededMemoryLimit(ConnectionThreads threads)
      throws Exception {
    try (RunningServer server = start(threads);
        WireTestClient client = WireTestClient.connect(server.server.port(), READ_TIMEOUT)) {
      client.send(command("testOutOfMemory"), 0);
      BsonDocument reply = client.read().body();

      assertThat(reply.getString("codeName").getValue()).isEqualTo("ExceededMemoryLimit");
      assertThat(reply.getString("errmsg").getValue())
          .isEqualTo("Cannot run command: the server ran out of memory");
      assertEveryConnectionIsServed(server, client);
    }
  }

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void anErrorNoHandlerMeantIsAnsweredWithInternalError(ConnectionThreads threads)
      throws Exception {
    try (RunningServer server = start(threads);
        WireTestClient client = WireTestClient.connect(server.server.port(), READ_TIMEOUT)) {
      client.send(command("testAssertion"), 0);
      BsonDocument assertion = client.read().body();
      client.send(command("testUnencodableReply"), 0);
      BsonDocument unencodable = client.read().body();

      assertThat(assertion.getString("codeName").getValue()).isEqualTo("InternalError");
      assertThat(assertion.getString("errmsg").getValue())
          .isEqualTo(
              "Cannot answer request: internal error: java.lang.AssertionError: a broken"
                  + " invariant (simulated)");
      assertThat(unencodable.getString("codeName").getValue()).isEqualTo("InternalError");
      assertThat(unencodable.getString("errmsg").getValue())
          .startsWith("Cannot answer request: internal error: ")
          .contains("Maximum serialization depth exceeded");
      assertEveryConnectionIsServed(server, client);
    }
  }

  @ParameterizedTest
  @EnumSource(ConnectionThreads.class)
  void anUnacknowledgedRequestThatFailsLeavesItsConnectionServed(ConnectionThreads threads)
      throws Exception {
    try (RunningServer server = start(threads);
        WireTestClient client = WireTestClient.connect(server.server.port(), READ_TIMEOUT)) {
      client.send(command("testAssertion"), OpMsg.MORE_TO_COME);
      client.send(command("testOverflowOnTheLoop"), OpMsg.MORE_TO_COME);

      assertEveryConnectionIsServed(server, client);
    }
  }

  /**
   * Pings on {@code own}, then on more new connections than there are event loops (connections go
   * to the loops in turn, so every loop gets at least two).
   */
  static void assertEveryConnectionIsServed(RunningServer server, WireTestClient own)
      throws Exception {
    own.send(command("ping"), 0);
    assertThat(own.read().ok()).isTrue();
    List<WireTestClient> others = new ArrayList<>();
    try {
      for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors() + 1; i++) {
        others.add(WireTestClient.connect(server.server.port(), READ_TIMEOUT));
      }
      for (WireTestClient other : others) {
        other.send(command("ping"), 0);
        assertThat(other.read().ok()).isTrue();
      }
    } finally {
      for (WireTestClient other : others) {
        other.close();
      }
    }
  }

  /** Recurses until the stack runs out, as a decoder without a depth limit would. */
  private static BsonDocument recurse(BsonDocument body) {
    return recurse(new BsonDocument("inner", body));
  }

  /** A reply nested past what any BSON encoder writes. */
  private static BsonDocument nestedReply(int levels) {
    BsonDocument reply = new BsonDocument();
    for (int i = 0; i < levels; i++) {
      reply = new BsonDocument("a", reply);
    }
    return new BsonDocument("deep", reply);
  }
}
