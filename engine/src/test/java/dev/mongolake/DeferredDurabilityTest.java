package dev.mongolake;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeferredDurabilityTest {

  @TempDir Path root;

  @Test
  void workWithoutWritesIsAlreadyDurable() {
    DeferredDurability.Collected<String> run = DeferredDurability.collect(() -> "answer");

    assertThat(run.result()).isEqualTo("answer");
    assertThat(run.alreadyDurable()).isTrue();
  }

  @Test
  void aCollectedWaitCompletesOnlyWhenItsWriteIsDurable() {
    CompletableFuture<Void> logSync = new CompletableFuture<>();

    DeferredDurability.Collected<Boolean> run =
        DeferredDurability.collect(() -> DeferredDurability.deferIfCollecting(logSync));

    assertThat(run.result()).as("deferred to the caller").isTrue();
    assertThat(run.alreadyDurable()).isFalse();
    assertThat(run.durable()).isNotDone();
    logSync.complete(null);
    assertThat(run.durable()).isCompleted();
  }

  @Test
  void everyCollectedWaitMustCompleteBeforeTheWorkIsDurable() {
    CompletableFuture<Void> first = new CompletableFuture<>();
    CompletableFuture<Void> second = new CompletableFuture<>();

    DeferredDurability.Collected<Void> run =
        DeferredDurability.collect(
            () -> {
              DeferredDurability.deferIfCollecting(first);
              DeferredDurability.deferIfCollecting(second);
              return null;
            });

    second.complete(null);
    assertThat(run.durable()).isNotDone();
    first.complete(null);
    assertThat(run.durable()).isCompleted();
  }

  @Test
  void aFailedLogSyncFailsTheCollectedWaitWithAnInternalError() {
    CompletableFuture<Void> logSync = new CompletableFuture<>();
    DeferredDurability.Collected<Void> run =
        DeferredDurability.collect(
            () -> {
              DeferredDurability.deferIfCollecting(logSync);
              return null;
            });

    logSync.completeExceptionally(new IOException("device gone"));

    assertThatThrownBy(() -> run.durable().join())
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("device gone")
        .satisfies(
            e ->
                assertThat(((MongoLakeException) e).errorCode())
                    .isEqualTo(ErrorCode.INTERNAL_ERROR));
  }

  @Test
  void anActionAfterDurabilityWaitsForTheCollectedWritesAndRunsAtOnceWithoutACollector() {
    List<String> ran = new ArrayList<>();
    DeferredDurability.whenDurable(() -> ran.add("uncollected"));
    assertThat(ran).containsExactly("uncollected");

    CompletableFuture<Void> logSync = new CompletableFuture<>();
    DeferredDurability.collect(
        () -> {
          DeferredDurability.deferIfCollecting(logSync);
          DeferredDurability.whenDurable(() -> ran.add("collected"));
          return null;
        });

    assertThat(ran).containsExactly("uncollected");
    logSync.complete(null);
    assertThat(ran).containsExactly("uncollected", "collected");
  }

  @Test
  void outsideCollectTheWriterWaitsItself() {
    assertThat(DeferredDurability.deferIfCollecting(new CompletableFuture<>())).isFalse();
  }

  @Test
  void anInsertInsideCollectIsReadableOnceItsWaitCompletes() {
    try (MongoLake lake = MongoLake.open(root)) {
      MongoLakeCollection<Document> users = lake.db("app").collection("users");

      DeferredDurability.Collected<Void> run =
          DeferredDurability.collect(
              () -> {
                users.insertOne(new Document("_id", 1).append("name", "Ada"));
                return null;
              });
      run.durable().join();

      assertThat(users.find(eq("_id", 1)).first()).containsEntry("name", "Ada");
      // Outside collect a write waits for its own durability again.
      users.insertOne(new Document("_id", 2));
      assertThat(users.countDocuments()).isEqualTo(2);
    }
  }
}
