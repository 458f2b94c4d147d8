package dev.mongolake.server.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** {@code j: true} syncs the log before the reply exactly when acknowledged writes may not be. */
class WriteConcernRuleTest {

  private final AtomicInteger syncs = new AtomicInteger();

  @Test
  void journaledWritesSyncTheLogInAsyncDurabilityOnly() {
    WriteConcernRule async = new WriteConcernRule(false, syncs::incrementAndGet);
    WriteConcernRule batch = new WriteConcernRule(true, syncs::incrementAndGet);

    assertThat(async.syncBeforeReply(BsonDocument.parse("{insert: 'a', writeConcern: {j: true}}")))
        .isTrue();
    assertThat(async.syncBeforeReply(BsonDocument.parse("{insert: 'a', writeConcern: {fsync: 1}}")))
        .isTrue();
    assertThat(async.syncBeforeReply(BsonDocument.parse("{insert: 'a', writeConcern: {w: 1}}")))
        .isFalse();
    assertThat(async.syncBeforeReply(BsonDocument.parse("{insert: 'a'}"))).isFalse();
    assertThat(batch.syncBeforeReply(BsonDocument.parse("{insert: 'a', writeConcern: {j: true}}")))
        .as("BATCH and STRICT acknowledge only what is on disk")
        .isFalse();
  }

  @Test
  void theDispatcherSyncsTheLogAfterAJournaledCommandRunsAndNotAfterARefusedOne() {
    Command write =
        new Command() {
          @Override
          public String name() {
            return "write";
          }

          @Override
          public String help() {
            return "a write for the test";
          }

          @Override
          public BsonDocument run(CommandRequest request) {
            return new BsonDocument();
          }
        };
    ServerContext context =
        new ServerContext(
            java.time.Clock.systemUTC(),
            "test",
            java.util.List.of("test"),
            10,
            false,
            new dev.mongolake.server.auth.InMemoryUserStore(),
            new CursorRegistry(java.time.Clock.systemUTC(), CursorRegistry.DEFAULT_TIMEOUT));
    CommandDispatcher dispatcher =
        new CommandDispatcher(
            dev.mongolake.server.StandardCommands.registry(java.util.List.of(write)),
            context,
            new WriteConcernRule(false, syncs::incrementAndGet));
    ConnectionInfo connection = new ConnectionInfo(1, "127.0.0.1:1", "127.0.0.1:2");

    BsonDocument ok =
        dispatcher.dispatch(
            "app", BsonDocument.parse("{write: 1, writeConcern: {j: true}}"), connection);
    BsonDocument refused =
        dispatcher.dispatch(
            "app", BsonDocument.parse("{write: 1, writeConcern: {w: 3, j: true}}"), connection);

    assertThat(ok.getNumber("ok").intValue()).isEqualTo(1);
    assertThat(refused.getNumber("code").intValue()).isEqualTo(2);
    assertThat(syncs).hasValue(1);
    assertThat(dispatcher.quick(BsonDocument.parse("{write: 1, writeConcern: {j: true}}")))
        .as("a command that syncs the log before its reply never runs on an event loop")
        .isFalse();
  }
}
