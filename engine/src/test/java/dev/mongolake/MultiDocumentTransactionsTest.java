package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Embedded multi-document transactions: isolation, atomicity, conflicts, abort, restart. */
class MultiDocumentTransactionsTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> accounts;
  private MongoLakeCollection<BsonDocument> audit;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    accounts = lake.db("bank").collection("accounts", BsonDocument.class);
    audit = lake.db("bank").collection("audit", BsonDocument.class);
  }

  @AfterEach
  void close() {
    if (lake != null) {
      lake.close();
    }
  }

  private static BsonDocument doc(String json) {
    return BsonDocument.parse(json);
  }

  private List<BsonDocument> all(MongoLakeCollection<BsonDocument> collection) {
    return collection.find().sort(doc("{_id: 1}")).into(new ArrayList<>());
  }

  private void transfer(MongoLakeTransaction transaction, int from, int to, int amount) {
    transaction.run(
        () -> {
          accounts.updateOne(
              doc("{_id: " + from + "}"), doc("{$inc: {balance: " + (-amount) + "}}"));
          accounts.updateOne(doc("{_id: " + to + "}"), doc("{$inc: {balance: " + amount + "}}"));
          audit.insertOne(doc("{from: " + from + ", to: " + to + ", amount: " + amount + "}"));
        });
  }

  @Test
  void committedWritesAppearTogetherAndNotBefore() {
    accounts.insertMany(List.of(doc("{_id: 1, balance: 100}"), doc("{_id: 2, balance: 0}")));
    MongoLakeTransaction transaction = lake.startTransaction();
    transfer(transaction, 1, 2, 30);

    // Outside, nothing of it is visible yet; inside, all of it.
    assertThat(all(accounts))
        .containsExactly(doc("{_id: 1, balance: 100}"), doc("{_id: 2, balance: 0}"));
    assertThat(audit.countDocuments()).isZero();
    assertThat(transaction.run(() -> all(accounts)))
        .containsExactly(doc("{_id: 1, balance: 70}"), doc("{_id: 2, balance: 30}"));
    assertThat(transaction.run(() -> audit.countDocuments())).isEqualTo(1);

    transaction.commit();
    assertThat(all(accounts))
        .containsExactly(doc("{_id: 1, balance: 70}"), doc("{_id: 2, balance: 30}"));
    assertThat(audit.countDocuments()).isEqualTo(1);
  }

  @Test
  void aTransactionReadsItsSnapshotWhateverIsCommittedMeanwhile() {
    accounts.insertOne(doc("{_id: 1, balance: 100}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    accounts.insertOne(doc("{_id: 2, balance: 5}"));
    accounts.updateOne(doc("{_id: 1}"), doc("{$set: {balance: 1}}"));
    lake.flush();

    assertThat(transaction.run(() -> all(accounts))).containsExactly(doc("{_id: 1, balance: 100}"));
    assertThat(transaction.run(() -> accounts.countDocuments())).isEqualTo(1);
    transaction.commit();
  }

  @Test
  void anAbortedTransactionLeavesNothing() {
    accounts.insertOne(doc("{_id: 1, balance: 100}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    transaction.run(
        () -> {
          accounts.deleteOne(doc("{_id: 1}"));
          accounts.insertOne(doc("{_id: 3}"));
        });
    transaction.abort();

    assertThat(all(accounts)).containsExactly(doc("{_id: 1, balance: 100}"));
    assertThatThrownBy(() -> transaction.run(() -> accounts.countDocuments()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NO_SUCH_TRANSACTION));
  }

  @Test
  void writingADocumentAnotherOpenTransactionWroteIsAWriteConflict() {
    accounts.insertOne(doc("{_id: 1, balance: 100}"));
    MongoLakeTransaction first = lake.startTransaction();
    MongoLakeTransaction second = lake.startTransaction();
    first.run(() -> accounts.updateOne(doc("{_id: 1}"), doc("{$inc: {balance: 1}}")));

    assertThatThrownBy(
            () ->
                second.run(() -> accounts.updateOne(doc("{_id: 1}"), doc("{$inc: {balance: 2}}"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WRITE_CONFLICT));
    assertThat(second.isActive()).isFalse();
    first.commit();
    assertThat(all(accounts)).containsExactly(doc("{_id: 1, balance: 101}"));
  }

  @Test
  void aDocumentChangedAfterTheSnapshotCannotBeWrittenByTheTransaction() {
    accounts.insertOne(doc("{_id: 1, balance: 100}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    transaction.run(() -> accounts.countDocuments());
    accounts.updateOne(doc("{_id: 1}"), doc("{$set: {balance: 0}}"));

    assertThatThrownBy(
            () ->
                transaction.run(
                    () -> accounts.updateOne(doc("{_id: 1}"), doc("{$inc: {balance: 5}}"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WRITE_CONFLICT));
    assertThat(all(accounts)).containsExactly(doc("{_id: 1, balance: 0}"));
  }

  @Test
  void aConflictingWriteThatCommitsFirstFailsTheCommit() {
    accounts.insertOne(doc("{_id: 1, balance: 100}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    transaction.run(() -> accounts.updateOne(doc("{_id: 1}"), doc("{$inc: {balance: 5}}")));
    // A write outside any transaction does not wait for it; the transaction then cannot commit.
    accounts.updateOne(doc("{_id: 1}"), doc("{$set: {balance: 0}}"));

    assertThatThrownBy(transaction::commit)
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WRITE_CONFLICT));
    assertThat(all(accounts)).containsExactly(doc("{_id: 1, balance: 0}"));
  }

  @Test
  void withTransactionRetriesAfterAWriteConflictUntilItCommits() {
    accounts.insertOne(doc("{_id: 1, balance: 0}"));
    AtomicInteger attempts = new AtomicInteger();
    lake.withTransaction(
        () -> {
          accounts.updateOne(doc("{_id: 1}"), doc("{$inc: {balance: 1}}"));
          if (attempts.incrementAndGet() == 1) {
            // Committed by someone else after this attempt's snapshot: the attempt conflicts.
            Thread outside =
                Thread.ofPlatform()
                    .start(() -> accounts.updateOne(doc("{_id: 1}"), doc("{$inc: {balance: 10}}")));
            try {
              outside.join();
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
          }
          return null;
        });
    assertThat(attempts.get()).isEqualTo(2);
    assertThat(all(accounts)).containsExactly(doc("{_id: 1, balance: 11}"));
  }

  @Test
  void uniqueIndexesSeeTheTransactionsOwnChanges() {
    accounts.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
    accounts.insertOne(doc("{_id: 1, email: 'a@x'}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    // The key moves from one document to another inside the transaction: no duplicate.
    transaction.run(
        () -> {
          accounts.updateOne(doc("{_id: 1}"), doc("{$set: {email: 'b@x'}}"));
          accounts.insertOne(doc("{_id: 2, email: 'a@x'}"));
        });
    assertThatThrownBy(
            () -> transaction.run(() -> accounts.insertOne(doc("{_id: 3, email: 'b@x'}"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DUPLICATE_KEY));
    assertThat(transaction.isActive()).isFalse();
    assertThat(all(accounts)).containsExactly(doc("{_id: 1, email: 'a@x'}"));
  }

  @Test
  void indexedReadsInsideATransactionSeeItsOwnWrites() {
    accounts.createIndex(Indexes.ascending("owner"));
    accounts.insertOne(doc("{_id: 1, owner: 'ada'}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    List<BsonDocument> seen =
        transaction.run(
            () -> {
              accounts.insertOne(doc("{_id: 2, owner: 'ada'}"));
              accounts.updateOne(doc("{_id: 1}"), doc("{$set: {owner: 'bob'}}"));
              return accounts.find(doc("{owner: 'ada'}")).into(new ArrayList<>());
            });
    assertThat(seen).containsExactly(doc("{_id: 2, owner: 'ada'}"));
    transaction.commit();
    assertThat(accounts.find(doc("{owner: 'ada'}")).into(new ArrayList<>()))
        .containsExactly(doc("{_id: 2, owner: 'ada'}"));
  }

  @Test
  void committedTransactionsSurviveARestartWithoutAFlush() {
    accounts.insertMany(List.of(doc("{_id: 1, balance: 100}"), doc("{_id: 2, balance: 0}")));
    lake.flush();
    MongoLakeTransaction transaction = lake.startTransaction();
    transfer(transaction, 1, 2, 40);
    transaction.commit();
    MongoLakeTransaction aborted = lake.startTransaction();
    transfer(aborted, 1, 2, 1);
    aborted.abort();
    lake.syncLog();
    lake.close(FlushProgress.NONE);
    lake = MongoLake.open(root);
    accounts = lake.db("bank").collection("accounts", BsonDocument.class);
    audit = lake.db("bank").collection("audit", BsonDocument.class);

    assertThat(all(accounts))
        .containsExactly(doc("{_id: 1, balance: 60}"), doc("{_id: 2, balance: 40}"));
    assertThat(audit.countDocuments()).isEqualTo(1);
  }

  @Test
  void aChangeStreamShowsEachChangeOfACommittedTransactionAndNoneOfAnAbortedOne() {
    accounts.insertMany(List.of(doc("{_id: 1, balance: 100}"), doc("{_id: 2, balance: 0}")));
    try (MongoLakeChangeStream stream = lake.db("bank").watch()) {
      MongoLakeTransaction aborted = lake.startTransaction();
      aborted.run(() -> accounts.insertOne(doc("{_id: 9}")));
      aborted.abort();
      MongoLakeTransaction transaction = lake.startTransaction();
      transfer(transaction, 1, 2, 10);
      transaction.commit();

      List<BsonDocument> events = new ArrayList<>();
      while (events.size() < 3 && stream.await(Duration.ofSeconds(5))) {
        events.add(stream.next());
      }
      assertThat(events)
          .extracting(e -> e.getString("operationType").getValue())
          .containsExactly("update", "update", "insert");
      assertThat(events).allSatisfy(e -> assertThat(e.containsKey("txnNumber")).isTrue());
      assertThat(events.stream().map(e -> e.get("clusterTime")).distinct()).hasSize(1);

      // Resuming after the first event of the transaction delivers the rest of it.
      try (MongoLakeChangeStream resumed =
          lake.db("bank")
              .watch(
                  List.of(),
                  new ChangeStreamOptions(
                      ChangeStreamOptions.FullDocument.DEFAULT,
                      events.getFirst().getDocument("_id"),
                      null,
                      null,
                      false))) {
        List<BsonDocument> rest = new ArrayList<>();
        while (rest.size() < 2 && resumed.await(Duration.ofSeconds(5))) {
          rest.add(resumed.next());
        }
        assertThat(rest).containsExactlyElementsOf(events.subList(1, 3));
      }
    }
  }

  @Test
  void aCollectionDroppedAfterTheSnapshotIsSnapshotUnavailableNotEmpty() {
    audit.insertOne(doc("{_id: 1}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    transaction.run(() -> accounts.countDocuments());
    audit.drop();
    assertThatThrownBy(() -> transaction.run(() -> audit.countDocuments()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SNAPSHOT_UNAVAILABLE));
    // Dropped and made again since the snapshot: the name no longer means the collection it read.
    accounts.insertOne(doc("{_id: 1}"));
    MongoLakeTransaction recreated = lake.startTransaction();
    accounts.drop();
    accounts.insertOne(doc("{_id: 2}"));
    assertThatThrownBy(() -> recreated.run(() -> accounts.countDocuments()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SNAPSHOT_UNAVAILABLE));
    // A name another collection took by a rename since the snapshot: refused too.
    MongoLakeTransaction renamedInto = lake.startTransaction();
    lake.db("bank").collection("other", BsonDocument.class).insertOne(doc("{_id: 3}"));
    lake.db("bank")
        .collection("other")
        .renameCollection(new com.mongodb.MongoNamespace("bank", "moved"));
    assertThatThrownBy(
            () -> renamedInto.run(() -> lake.db("bank").collection("moved").countDocuments()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SNAPSHOT_UNAVAILABLE));
    // A collection that never existed reads as empty, and a transaction may create it.
    MongoLakeTransaction creating = lake.startTransaction();
    creating.run(
        () -> {
          assertThat(lake.db("bank").collection("fresh").countDocuments()).isZero();
          lake.db("bank").collection("fresh", BsonDocument.class).insertOne(doc("{_id: 1}"));
        });
    creating.commit();
    assertThat(lake.db("bank").collection("fresh").countDocuments()).isEqualTo(1);
  }

  @Test
  void catalogChangesAreRefusedInsideATransaction() {
    accounts.insertOne(doc("{_id: 1}"));
    MongoLakeTransaction transaction = lake.startTransaction();
    assertThatThrownBy(() -> transaction.run(() -> accounts.createIndex(Indexes.ascending("x"))))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e ->
                assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION));
    MongoLakeTransaction another = lake.startTransaction();
    assertThatThrownBy(() -> another.run(() -> accounts.drop()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e ->
                assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION));
  }

  @Test
  void concurrentReadersNeverSeePartOfATransaction() throws Exception {
    int accountsCount = 10;
    for (int i = 0; i < accountsCount; i++) {
      accounts.insertOne(doc("{_id: " + i + ", balance: 100}"));
    }
    java.util.concurrent.atomic.AtomicBoolean done =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.ConcurrentLinkedQueue<Long> wrongSums =
        new java.util.concurrent.ConcurrentLinkedQueue<>();
    AtomicInteger reads = new AtomicInteger();
    List<Thread> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      readers.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    while (!done.get()) {
                      long sum = 0;
                      for (BsonDocument account : accounts.find()) {
                        sum += account.getInt32("balance").getValue();
                      }
                      if (sum != 100L * accountsCount) {
                        wrongSums.add(sum);
                      }
                      reads.incrementAndGet();
                    }
                  }));
    }
    java.util.Random random = new java.util.Random(7);
    try {
      for (int t = 0; t < 200; t++) {
        int from = random.nextInt(accountsCount);
        int to = (from + 1 + random.nextInt(accountsCount - 1)) % accountsCount;
        MongoLakeTransaction transaction = lake.startTransaction();
        transfer(transaction, from, to, 1 + random.nextInt(20));
        transaction.commit();
        if (t % 50 == 49) {
          lake.flush();
        }
      }
    } finally {
      done.set(true);
      for (Thread reader : readers) {
        reader.join();
      }
    }
    assertThat(wrongSums).as("sums a reader saw").isEmpty();
    assertThat(reads.get()).isPositive();
    assertThat(audit.countDocuments()).isEqualTo(200);
  }
}
