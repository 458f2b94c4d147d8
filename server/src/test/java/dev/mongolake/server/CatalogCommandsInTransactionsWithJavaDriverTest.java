package dev.mongolake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.ReadConcern;
import com.mongodb.TransactionOptions;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoChangeStreamCursor;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.ValidationOptions;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code create} and {@code createIndexes} inside driver transactions on a replica set member, as
 * MongoDB 4.4+ answers them: the new collection, its options and indexes appear at the commit and
 * not before, an abort leaves nothing, an existing collection is NamespaceExists (48), a create
 * outside that races the transaction fails its commit with WriteConflict (112,
 * TransientTransactionError), a new index on an existing collection and a non-local read concern
 * are refused as MongoDB refuses them.
 */
class CatalogCommandsInTransactionsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase shop;

  @BeforeEach
  void start() {
    ReplicaSetOfOne set = ReplicaSetOfOne.start(data);
    server = set.server();
    client = set.client();
    shop = client.getDatabase("shop");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private MongoCollection<Document> orders() {
    return shop.getCollection("orders");
  }

  private List<String> collectionNames() {
    return shop.listCollectionNames().into(new ArrayList<>());
  }

  private List<String> indexNames(MongoCollection<Document> collection) {
    List<String> names = new ArrayList<>();
    collection.listIndexes().forEach(index -> names.add(index.getString("name")));
    return names;
  }

  private BsonDocument listed(String collection) {
    return shop.listCollections(BsonDocument.class).filter(Filters.eq("name", collection)).first();
  }

  /** Creates orders (validated) with a unique index and two orders, in {@code session}. */
  private void createFilledOrders(ClientSession session) {
    shop.createCollection(
        session,
        "orders",
        new CreateCollectionOptions()
            .validationOptions(new ValidationOptions().validator(Filters.type("qty", "int"))));
    orders().createIndex(session, Indexes.ascending("sku"), new IndexOptions().unique(true));
    orders().insertOne(session, new Document("_id", 1).append("sku", "a").append("qty", 1));
    orders().insertOne(session, new Document("_id", 2).append("sku", "b").append("qty", 2));
  }

  @Test
  void aCollectionItsIndexAndDocumentsCreatedInATransactionAppearAtItsCommit() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      createFilledOrders(session);
      assertThat(orders().countDocuments(session)).isEqualTo(2);
      assertThat(collectionNames()).doesNotContain("orders");

      session.commitTransaction();
    }
    assertThat(collectionNames()).contains("orders");
    assertThat(orders().countDocuments()).isEqualTo(2);
    assertThat(indexNames(orders())).containsExactly("_id_", "sku_1");
    assertThat(listed("orders").getDocument("options")).containsKey("validator");
    assertThatThrownBy(
            () -> orders().insertOne(new Document("_id", 3).append("sku", "a").append("qty", 3)))
        .isInstanceOfSatisfying(
            MongoException.class, e -> assertThat(e.getCode()).isEqualTo(11000));
  }

  @Test
  void theUniqueIndexHoldsInsideTheTransactionThatCreatedIt() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      createFilledOrders(session);
      assertThatThrownBy(
              () ->
                  orders()
                      .insertOne(
                          session, new Document("_id", 3).append("sku", "a").append("qty", 3)))
          .isInstanceOfSatisfying(
              MongoException.class, e -> assertThat(e.getCode()).isEqualTo(11000));
      // The failed statement aborted the transaction.
      assertThatThrownBy(session::commitTransaction)
          .isInstanceOfSatisfying(
              MongoException.class, e -> assertThat(e.getCode()).isEqualTo(251));
    }
    assertThat(collectionNames()).doesNotContain("orders");
  }

  @Test
  void anAbortedTransactionLeavesNothing() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      createFilledOrders(session);
      shop.getCollection("implicit").insertOne(session, new Document("_id", 1));
      session.abortTransaction();
    }
    assertThat(collectionNames()).doesNotContain("orders", "implicit");
    assertThat(client.listDatabaseNames().into(new ArrayList<>())).doesNotContain("shop");
  }

  @Test
  void creatingAnExistingCollectionIsNamespaceExistsAndAbortsTheTransaction() {
    shop.createCollection("orders");
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      shop.getCollection("other").insertOne(session, new Document("_id", 1));
      assertThatThrownBy(() -> shop.createCollection(session, "orders"))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(48);
                assertThat(e.getErrorCodeName()).isEqualTo("NamespaceExists");
              });
      assertThatThrownBy(session::commitTransaction)
          .isInstanceOfSatisfying(
              MongoException.class, e -> assertThat(e.getCode()).isEqualTo(251));
    }
    assertThat(collectionNames()).containsExactly("orders");
  }

  @Test
  void aCreateOutsideBeforeTheCommitFailsItWithATransientWriteConflict() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      shop.createCollection(session, "orders");
      orders().insertOne(session, new Document("_id", 1));
      shop.createCollection("orders");
      assertThatThrownBy(session::commitTransaction)
          .isInstanceOfSatisfying(
              MongoException.class,
              e -> {
                assertThat(e.getCode()).isEqualTo(112);
                assertThat(e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL))
                    .isTrue();
              });
    }
    assertThat(collectionNames()).containsExactly("orders");
    assertThat(orders().countDocuments()).isZero();
  }

  @Test
  void aNewIndexOnANonEmptyCollectionIsRefusedAsMongoDbRefusesIt() {
    orders().insertOne(new Document("_id", 1).append("sku", "a"));
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      assertThatThrownBy(() -> orders().createIndex(session, Indexes.ascending("sku")))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(263);
                assertThat(e.getErrorMessage())
                    .contains("Cannot create new indexes on existing collection shop.orders");
              });
    }
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      shop.getCollection("fresh").insertOne(session, new Document("_id", 1));
      assertThatThrownBy(
              () -> shop.getCollection("fresh").createIndex(session, Indexes.ascending("x")))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(263);
                assertThat(e.getErrorMessage()).contains("non-empty collection shop.fresh");
              });
    }
    assertThat(indexNames(orders())).containsExactly("_id_");
    assertThat(collectionNames()).containsExactly("orders");
  }

  @Test
  void theCatalogCommandsMongoDbRefusesInATransactionStayRefused() {
    orders().insertOne(new Document("_id", 1));
    orders().createIndex(Indexes.ascending("sku"));
    List<Document> refused =
        List.of(
            new Document("listIndexes", "orders"),
            new Document("dropIndexes", "orders").append("index", "sku_1"),
            new Document("collMod", "orders"),
            new Document("drop", "orders"),
            new Document("dropDatabase", 1));
    for (Document command : refused) {
      try (ClientSession session = client.startSession()) {
        session.startTransaction();
        assertThatThrownBy(() -> shop.runCommand(session, command))
            .as(command.toJson())
            .isInstanceOfSatisfying(
                MongoCommandException.class,
                e -> {
                  assertThat(e.getErrorCode()).isEqualTo(263);
                  assertThat(e.getErrorMessage())
                      .contains("Cannot run '" + command.keySet().iterator().next() + "'");
                });
      }
    }
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      assertThatThrownBy(
              () ->
                  client
                      .getDatabase("admin")
                      .runCommand(
                          session,
                          new Document("renameCollection", "shop.orders").append("to", "shop.x")))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(263));
    }
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      // A view is not created in a transaction either.
      assertThatThrownBy(() -> shop.createView(session, "view", "orders", List.of()))
          .isInstanceOfSatisfying(
              MongoCommandException.class, e -> assertThat(e.getErrorCode()).isEqualTo(263));
    }
    assertThat(indexNames(orders())).containsExactly("_id_", "sku_1");
    assertThat(collectionNames()).containsExactly("orders");
  }

  @Test
  void anExplicitCreateNeedsReadConcernLocal() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction(
          TransactionOptions.builder().readConcern(ReadConcern.SNAPSHOT).build());
      assertThatThrownBy(() -> shop.createCollection(session, "orders"))
          .isInstanceOfSatisfying(
              MongoCommandException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(72);
                assertThat(e.getErrorMessage()).contains("readConcern level 'snapshot'");
              });
    }
    // An implicit create takes any level a transaction takes, as in MongoDB.
    try (ClientSession session = client.startSession()) {
      session.startTransaction(
          TransactionOptions.builder().readConcern(ReadConcern.SNAPSHOT).build());
      orders().insertOne(session, new Document("_id", 1));
      session.commitTransaction();
    }
    try (ClientSession session = client.startSession()) {
      session.startTransaction(TransactionOptions.builder().readConcern(ReadConcern.LOCAL).build());
      shop.createCollection(session, "local");
      session.commitTransaction();
    }
    assertThat(collectionNames()).containsExactlyInAnyOrder("orders", "local");
  }

  @Test
  void whatATransactionCreatedSurvivesARestart() {
    try (ClientSession session = client.startSession()) {
      session.startTransaction();
      createFilledOrders(session);
      session.commitTransaction();
    }
    UUID uuid = listed("orders").getDocument("info").getBinary("uuid").asUuid();
    stop();
    start();
    assertThat(listed("orders").getDocument("info").getBinary("uuid").asUuid()).isEqualTo(uuid);
    assertThat(orders().countDocuments()).isEqualTo(2);
    assertThat(indexNames(orders())).containsExactly("_id_", "sku_1");
    assertThat(listed("orders").getDocument("options")).containsKey("validator");
  }

  @Test
  void anExpandedChangeStreamShowsTheCreateThenTheTransactionsInserts() {
    try (MongoChangeStreamCursor<ChangeStreamDocument<Document>> cursor =
        shop.watch().showExpandedEvents(true).maxAwaitTime(200, TimeUnit.MILLISECONDS).cursor()) {
      try (ClientSession session = client.startSession()) {
        session.startTransaction();
        createFilledOrders(session);
        session.commitTransaction();
      }
      List<ChangeStreamDocument<Document>> events = new ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (events.size() < 4 && System.nanoTime() < deadline) {
        ChangeStreamDocument<Document> event = cursor.tryNext();
        if (event != null) {
          events.add(event);
        }
      }
      assertThat(events)
          .extracting(ChangeStreamDocument::getOperationTypeString)
          .containsExactly("create", "createIndexes", "insert", "insert");
      UUID uuid = listed("orders").getDocument("info").getBinary("uuid").asUuid();
      assertThat(events)
          .allSatisfy(
              e -> {
                assertThat(e.getExtraElements().getBinary("collectionUUID").asUuid())
                    .isEqualTo(uuid);
                assertThat(e.getTxnNumber()).isNotNull();
              });
    }
  }
}
