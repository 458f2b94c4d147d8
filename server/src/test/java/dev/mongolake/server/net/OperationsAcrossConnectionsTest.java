package dev.mongolake.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLakeException;
import dev.mongolake.server.command.Command;
import dev.mongolake.server.command.CommandRequest;
import dev.mongolake.server.command.OperationsInProgress;
import dev.mongolake.server.command.diagnostic.CurrentOpCommand;
import dev.mongolake.server.command.diagnostic.KillOpCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** currentOp sees commands running on other connections, and killOp stops them cooperatively. */
class OperationsAcrossConnectionsTest {

  /** Runs until killed (at most 30 s), checking its kill mark the way cursor batches do. */
  private static final class WaitUntilKilled implements Command {
    final CountDownLatch started = new CountDownLatch(1);

    @Override
    public String name() {
      return "testWaitUntilKilled";
    }

    @Override
    public String help() {
      return "Test command: wait until killed.";
    }

    @Override
    public BsonDocument run(CommandRequest request) {
      started.countDown();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (System.nanoTime() < deadline) {
        if (OperationsInProgress.current().killed()) {
          throw new MongoLakeException(ErrorCode.INTERRUPTED, "operation was interrupted");
        }
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
      return new BsonDocument();
    }
  }

  @Test
  void aCommandOnAnotherConnectionIsListedAndKilled() throws Exception {
    WaitUntilKilled waiting = new WaitUntilKilled();
    List<Command> extra = new ArrayList<>(List.of(new CurrentOpCommand(), new KillOpCommand()));
    extra.add(waiting);
    try (RunningServer server = RunningServer.start(extra.toArray(Command[]::new));
        MongoClient worker = MongoClients.create(server.uri(""));
        MongoClient observer = MongoClients.create(server.uri(""))) {
      AtomicInteger failureCode = new AtomicInteger();
      Thread running =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      worker
                          .getDatabase("admin")
                          .runCommand(new Document("testWaitUntilKilled", 1));
                    } catch (MongoCommandException e) {
                      failureCode.set(e.getErrorCode());
                    }
                  });
      assertThat(waiting.started.await(30, TimeUnit.SECONDS)).isTrue();

      List<Document> all =
          observer
              .getDatabase("admin")
              .runCommand(new Document("currentOp", 1))
              .getList("inprog", Document.class);
      List<Document> own =
          observer
              .getDatabase("admin")
              .runCommand(new Document("currentOp", 1).append("$ownOps", true))
              .getList("inprog", Document.class);
      Document waitingOp =
          all.stream()
              .filter(op -> op.get("command", Document.class).containsKey("testWaitUntilKilled"))
              .findFirst()
              .orElseThrow();
      observer
          .getDatabase("admin")
          .runCommand(new Document("killOp", 1).append("op", waitingOp.get("opid")));
      running.join(30_000);

      assertThat(waitingOp.getString("ns")).isEqualTo("admin.$cmd");
      assertThat(own)
          .noneMatch(op -> op.get("command", Document.class).containsKey("testWaitUntilKilled"));
      assertThat(failureCode.get()).isEqualTo(11601);
      assertThat(
              observer
                  .getDatabase("admin")
                  .runCommand(new Document("currentOp", 1))
                  .getList("inprog", Document.class))
          .noneMatch(op -> op.get("command", Document.class).containsKey("testWaitUntilKilled"));
    }
  }
}
