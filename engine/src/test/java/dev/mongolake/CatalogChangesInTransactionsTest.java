package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Collections and indexes created inside embedded transactions, as MongoDB 4.4+ creates them:
 * visible to the transaction alone until its commit makes them with its documents, gone after an
 * abort; an existing collection is NamespaceExists, a create that races one outside fails the
 * commit with WriteConflict, and new indexes go only on empty collections the transaction created.
 */
class CatalogChangesInTransactionsTest {

  @TempDir Path root;
  @TempDir Path crashCopies;
  private MongoLake lake;
  private MongoLakeDatabase shop;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    shop = lake.db("shop");
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

  private MongoLakeCollection<BsonDocument> orders() {
    return shop.collection("orders", BsonDocument.class);
  }

  private static List<String> indexNames(MongoLakeCollection<BsonDocument> collection) {
    return collection.listIndexes().stream().map(i -> i.getString("name").getValue()).toList();
  }

  private static void assertCode(Throwable thrown, ErrorCode code, String message) {
    assertThat(thrown)
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).contains(message);
            });
  }

  /** Creates orders with a validator and collation, a unique index, and two documents. */
  private MongoLakeTransaction createFilledOrders() {
    MongoLakeTransaction transaction = lake.startTransaction();
    transaction.run(
        () -> {
          shop.createCollection(
              "orders",
              doc(
                  "{validator: {qty: {$type: 'int'}},"
                      + " collation: {locale: 'en', strength: 2}}"));
          orders().createIndex(Indexes.ascending("sku"), new IndexOptions().unique(true));
          orders().insertOne(doc("{_id: 1, sku: 'a', qty: 1}"));
          orders().insertOne(doc("{_id: 2, sku: 'b', qty: 2}"));
        });
    return transaction;
  }

  @Test
  void aCollectionItsIndexAndDocumentsCreatedInATransactionAppearAtItsCommit() {
    MongoLakeTransaction transaction = createFilledOrders();

    // Inside: the collection, its options (the collation compares 'A' as 'a') and its index.
    assertThat(transaction.run(() -> orders().countDocuments(doc("{sku: 'A'}")))).isEqualTo(1);
    assertThat(transaction.run(() -> shop.collectionOptions("orders")).orElseThrow())
        .containsKey("validator");
    // Outside: nothing yet.
    assertThat(shop.listCollectionNames()).doesNotContain("orders");
    assertThat(orders().countDocuments()).isZero();

    transaction.commit();
    assertThat(shop.listCollectionNames()).contains("orders");
    assertThat(orders().find().sort(doc("{_id: 1}")).into(new ArrayList<>()))
        .containsExactly(doc("{_id: 1, sku: 'a', qty: 1}"), doc("{_id: 2, sku: 'b', qty: 2}"));
    assertThat(indexNames(orders())).containsExactly("_id_", "sku_1");
    assertThat(shop.collectionOptions("orders").orElseThrow().getDocument("collation"))
        .containsEntry("locale", new org.bson.BsonString("en"));
    // The validator and the unique index hold after the commit as well.
    assertCode(
        catchThrowable(() -> orders().insertOne(doc("{_id: 3, sku: 'c', qty: 'x'}"))),
        ErrorCode.DOCUMENT_VALIDATION_FAILURE,
        "Document failed validation");
    assertCode(
        catchThrowable(() -> orders().insertOne(doc("{_id: 4, sku: 'a', qty: 4}"))),
        ErrorCode.DUPLICATE_KEY,
        "sku_1");
  }

  private static Throwable catchThrowable(Runnable body) {
    try {
      body.run();
    } catch (RuntimeException e) {
      return e;
    }
    throw new AssertionError("expected a failure");
  }

  @Test
  void theTransactionsOwnUniqueIndexAndValidatorHoldInsideIt() {
    MongoLakeTransaction transaction = createFilledOrders();
    assertCode(
        catchThrowable(
            () -> transaction.run(() -> orders().insertOne(doc("{_id: 3, sku: 'a', qty: 3}")))),
        ErrorCode.DUPLICATE_KEY,
        "sku_1");
    // The failed statement aborted the transaction: nothing of it is left.
    assertThat(transaction.isActive()).isFalse();
    assertThat(shop.listCollectionNames()).doesNotContain("orders");

    MongoLakeTransaction invalid = createFilledOrders();
    assertCode(
        catchThrowable(
            () -> invalid.run(() -> orders().insertOne(doc("{_id: 3, sku: 'c', qty: 'x'}")))),
        ErrorCode.DOCUMENT_VALIDATION_FAILURE,
        "Document failed validation");
  }

  @Test
  void anAbortedTransactionLeavesNoCollectionNorIndex() {
    MongoLakeTransaction transaction = createFilledOrders();
    transaction.run(() -> shop.collection("implicit", BsonDocument.class).insertOne(doc("{}")));
    transaction.abort();
    assertThat(shop.listCollectionNames()).doesNotContain("orders", "implicit");
    assertThat(lake.listDatabaseNames()).doesNotContain("shop");
    // The name is free: a create outside makes a plain collection.
    shop.createCollection("orders");
    assertThat(indexNames(orders())).containsExactly("_id_");
    assertThat(shop.collectionOptions("orders").orElseThrow()).isEmpty();
  }

  @Test
  void creatingAnExistingCollectionIsNamespaceExistsAndAbortsTheTransaction() {
    shop.createCollection("orders");
    MongoLakeTransaction transaction = lake.startTransaction();
    transaction.run(() -> shop.collection("other", BsonDocument.class).insertOne(doc("{_id: 1}")));
    assertCode(
        catchThrowable(() -> transaction.run(() -> shop.createCollection("orders"))),
        ErrorCode.NAMESPACE_EXISTS,
        "shop.orders already exists");
    assertThat(transaction.isActive()).isFalse();
    assertThat(shop.listCollectionNames()).containsExactly("orders");

    // Also one the transaction created itself.
    MongoLakeTransaction twice = lake.startTransaction();
    twice.run(() -> shop.collection("fresh", BsonDocument.class).insertOne(doc("{_id: 1}")));
    assertCode(
        catchThrowable(() -> twice.run(() -> shop.createCollection("fresh"))),
        ErrorCode.NAMESPACE_EXISTS,
        "shop.fresh already exists");
  }

  @Test
  void aCollectionCreatedOutsideBeforeTheCommitFailsItWithWriteConflict() {
    MongoLakeTransaction explicit = lake.startTransaction();
    explicit.run(
        () -> {
          shop.createCollection("orders", doc("{validator: {qty: {$type: 'int'}}}"));
          orders().insertOne(doc("{_id: 1, qty: 1}"));
        });
    shop.createCollection("orders");
    assertCode(
        catchThrowable(explicit::commit),
        ErrorCode.WRITE_CONFLICT,
        "collection shop.orders was created by another operation");
    assertThat(explicit.isActive() || explicit.isCommitted()).isFalse();
    assertThat(orders().countDocuments()).isZero();
    assertThat(shop.collectionOptions("orders").orElseThrow()).isEmpty();

    // Created implicitly on both sides: the first insert outside wins, the commit conflicts.
    MongoLakeTransaction implicit = lake.startTransaction();
    MongoLakeCollection<BsonDocument> events = shop.collection("events", BsonDocument.class);
    implicit.run(() -> events.insertOne(doc("{_id: 1, inside: true}")));
    events.insertOne(doc("{_id: 2, inside: false}"));
    assertCode(catchThrowable(implicit::commit), ErrorCode.WRITE_CONFLICT, "shop.events");
    assertThat(events.find().into(new ArrayList<>()))
        .containsExactly(doc("{_id: 2, inside: false}"));
  }

  @Test
  void newIndexesGoOnlyOnEmptyCollectionsTheTransactionCreated() {
    orders().insertOne(doc("{_id: 1, sku: 'a'}"));
    orders().createIndex(Indexes.ascending("sku"));

    // An index the collection has already: nothing to do, allowed.
    MongoLakeTransaction same = lake.startTransaction();
    same.run(() -> orders().createIndex(Indexes.ascending("sku")));
    same.commit();

    MongoLakeTransaction existing = lake.startTransaction();
    assertCode(
        catchThrowable(() -> existing.run(() -> orders().createIndex(Indexes.ascending("qty")))),
        ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
        "Cannot create new indexes on existing collection shop.orders");
    assertThat(existing.isActive()).isFalse();

    MongoLakeTransaction filled = lake.startTransaction();
    MongoLakeCollection<BsonDocument> fresh = shop.collection("fresh", BsonDocument.class);
    filled.run(() -> fresh.insertOne(doc("{_id: 1}")));
    assertCode(
        catchThrowable(() -> filled.run(() -> fresh.createIndex(Indexes.ascending("x")))),
        ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
        "Cannot create new indexes on non-empty collection shop.fresh");
    assertThat(shop.listCollectionNames()).containsExactly("orders");
    assertThat(indexNames(orders())).containsExactly("_id_", "sku_1");

    // Listing and dropping indexes stay refused in a transaction, as in MongoDB.
    MongoLakeTransaction listing = lake.startTransaction();
    assertCode(
        catchThrowable(() -> listing.run(() -> orders().listIndexes())),
        ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
        "Cannot change or list indexes in a multi-document transaction.");
  }

  @Test
  void aCappedCollectionIsNotCreatedInATransaction() {
    MongoLakeTransaction transaction = lake.startTransaction();
    assertCode(
        catchThrowable(
            () ->
                transaction.run(
                    () -> shop.createCollection("log", doc("{capped: true, size: 4096}")))),
        ErrorCode.OPERATION_NOT_SUPPORTED_IN_TRANSACTION,
        "Cannot create a capped collection in a multi-document transaction");
  }

  @Test
  void whatATransactionCreatedSurvivesACrashAndARestart() throws IOException {
    createFilledOrders().commit();
    MongoLakeTransaction implicit = lake.startTransaction();
    implicit.run(
        () -> {
          shop.collection("implicit", BsonDocument.class)
              .createIndex(Indexes.ascending("k"), new IndexOptions().unique(true));
          shop.collection("implicit", BsonDocument.class).insertOne(doc("{_id: 1, k: 1}"));
        });
    implicit.commit();
    UUID orders = shop.collectionUuid("orders").orElseThrow();
    UUID implicitUuid = shop.collectionUuid("implicit").orElseThrow();

    crashAndReopen(); // the log replayed
    assertRestored(orders, implicitUuid);
    lake.close(); // flushed to the tables
    lake = MongoLake.open(root);
    shop = lake.db("shop");
    assertRestored(orders, implicitUuid);
  }

  private void assertRestored(UUID orders, UUID implicit) {
    assertThat(shop.collectionUuid("orders")).contains(orders);
    assertThat(shop.collectionUuid("implicit")).contains(implicit);
    assertThat(orders().countDocuments(doc("{sku: 'B'}"))).isEqualTo(1);
    assertThat(indexNames(orders())).containsExactly("_id_", "sku_1");
    assertThat(indexNames(shop.collection("implicit", BsonDocument.class)))
        .containsExactly("_id_", "k_1");
    assertThat(shop.collectionOptions("orders").orElseThrow()).containsKey("validator");
    assertCode(
        catchThrowable(() -> orders().insertOne(doc("{_id: 9, sku: 'a', qty: 9}"))),
        ErrorCode.DUPLICATE_KEY,
        "sku_1");
  }

  /** The files as a SIGKILL leaves them (log synced, the tables as last flushed), opened. */
  private void crashAndReopen() throws IOException {
    lake.syncLog();
    Path copy = crashCopies.resolve("crash");
    try (Stream<Path> files = Files.walk(root)) {
      for (Path source : files.toList()) {
        Path target = copy.resolve(root.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else if (!source.getFileName().toString().endsWith(".lock")) {
          Files.copy(source, target);
        }
      }
    }
    lake.close();
    root = copy;
    lake = MongoLake.open(root);
    shop = lake.db("shop");
  }

  @Test
  void anExpandedChangeStreamShowsTheCreateThenTheTransactionsChanges() {
    try (MongoLakeChangeStream stream =
        shop.watch(List.of(), ChangeStreamOptions.defaults().withShowExpandedEvents(true))) {
      MongoLakeTransaction transaction = lake.startTransaction();
      transaction.run(
          () -> {
            shop.collection("implicit", BsonDocument.class).insertOne(doc("{_id: 1}"));
            shop.createCollection("explicit");
            shop.collection("explicit", BsonDocument.class).createIndex(Indexes.ascending("x"));
            shop.collection("explicit", BsonDocument.class).insertOne(doc("{_id: 2}"));
          });
      transaction.commit();

      List<BsonDocument> events = new ArrayList<>();
      while (events.size() < 5 && stream.await(Duration.ofSeconds(5))) {
        events.add(stream.next());
      }
      assertThat(events)
          .extracting(e -> e.getString("operationType").getValue())
          .containsExactly("create", "create", "createIndexes", "insert", "insert");
      assertThat(events).allSatisfy(e -> assertThat(e.containsKey("txnNumber")).isTrue());
      assertThat(events.stream().map(e -> e.get("clusterTime")).distinct()).hasSize(1);
      UUID implicit = shop.collectionUuid("implicit").orElseThrow();
      UUID explicit = shop.collectionUuid("explicit").orElseThrow();
      assertThat(events)
          .extracting(e -> e.getBinary("collectionUUID").asUuid())
          .containsExactly(implicit, explicit, explicit, implicit, explicit);
    }
  }
}
