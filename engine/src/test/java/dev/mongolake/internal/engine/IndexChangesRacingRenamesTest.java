package dev.mongolake.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.mongolake.Namespace;
import dev.mongolake.daktilo.Durability;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index change that waits for a collection's lock while a rename takes the collection's name
 * away acts on what the name means once it holds the lock, as writes do: never on the renamed
 * collection under its old name.
 */
class IndexChangesRacingRenamesTest {

  private static final Namespace A = new Namespace("app", "a");
  private static final Namespace B = new Namespace("app", "b");

  @TempDir Path root;
  private Engine engine;

  @BeforeEach
  void open() {
    engine = Engine.open(root, Durability.BATCH, Clock.systemUTC());
    List<BsonDocument> documents = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      documents.add(new BsonDocument("_id", new BsonInt32(i)).append("f", new BsonInt32(i)));
    }
    engine.writes().insert(A, documents, true);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void aCreateIndexThatWaitedThroughARenameIndexesTheCollectionNowNamedA() throws Exception {
    CollectionState renamed = engine.collections().getOrCreate(A);
    CompletableFuture<dev.mongolake.IndexesCreated> created;
    renamed.writeLock().lock();
    try {
      created = CompletableFuture.supplyAsync(() -> engine.indexes().create(A, List.of(spec())));
      awaitQueuedOn(renamed.writeLock());
      // The lock is reentrant: this thread renames while the create waits for the lock.
      engine.catalog().renameCollection(A, B, false);
    } finally {
      renamed.writeLock().unlock();
    }

    assertThat(created.get(30, TimeUnit.SECONDS).createdCollection()).isTrue();
    assertThat(indexNames(B)).containsExactly("_id_");
    assertThat(indexNames(A)).containsExactly("_id_", "f_1");
    assertThat(
            engine
                .plans()
                .plannedIndex(B, new BsonDocument("f", new BsonInt32(7)), new BsonDocument()))
        .isEmpty();

    engine.close();
    engine = Engine.open(root, Durability.BATCH, Clock.systemUTC());
    assertThat(indexNames(B)).containsExactly("_id_");
    assertThat(indexNames(A)).containsExactly("_id_", "f_1");
  }

  @Test
  void aDropIndexThatWaitedThroughARenameLeavesTheRenamedCollectionsIndex() throws Exception {
    engine.indexes().create(A, List.of(spec()));
    CollectionState renamed = engine.collections().getOrCreate(A);
    CompletableFuture<Void> dropped;
    renamed.writeLock().lock();
    try {
      dropped = CompletableFuture.runAsync(() -> engine.indexes().dropByName(A, "f_1"));
      awaitQueuedOn(renamed.writeLock());
      engine.catalog().renameCollection(A, B, false);
    } finally {
      renamed.writeLock().unlock();
    }

    // "a" no longer exists when the drop holds the lock: MongoDB's NamespaceNotFound.
    assertThat(dropped)
        .failsWithin(30, TimeUnit.SECONDS)
        .withThrowableThat()
        .havingRootCause()
        .withMessageContaining("ns not found app.a");
    assertThat(indexNames(B)).containsExactly("_id_", "f_1");

    engine.close();
    engine = Engine.open(root, Durability.BATCH, Clock.systemUTC());
    assertThat(indexNames(B)).containsExactly("_id_", "f_1");
  }

  private static BsonDocument spec() {
    return new BsonDocument("key", new BsonDocument("f", new BsonInt32(1)))
        .append("name", new BsonString("f_1"));
  }

  private List<String> indexNames(Namespace namespace) {
    return engine.indexes().list(namespace).stream()
        .map(index -> index.getString("name").getValue())
        .toList();
  }

  private static void awaitQueuedOn(ReentrantLock lock) {
    await().atMost(30, TimeUnit.SECONDS).until(lock::hasQueuedThreads);
  }
}
