package dev.mongolake.reactive;

import static dev.mongolake.reactive.Reactive.all;
import static dev.mongolake.reactive.Reactive.one;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import com.mongodb.client.model.changestream.OperationType;
import com.mongodb.reactivestreams.client.ClientSession;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoCollection;
import com.mongodb.reactivestreams.client.MongoDatabase;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction through the Reactive Streams driver ({@code startTransaction}, writes on the
 * session, {@code commitTransaction}) on a server process: nothing is visible outside it before the
 * commit, everything after, and a change stream sees its changes as events of one cluster time
 * carrying the session's {@code lsid} and {@code txnNumber}; an aborted one leaves no event.
 */
class TransactionsWithReactiveDriverTest {

  @TempDir static Path folder;
  private static ServerProcess server;
  private static final StreamOpenings openings = new StreamOpenings();
  private static MongoClient client;

  @BeforeAll
  static void start() {
    server = ServerProcess.start(folder);
    client = Reactive.client(server, openings);
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aCommittedTransactionIsSeenWholeAsEventsOfOneClusterTimeAndSession() {
    MongoDatabase bank = client.getDatabase("bank");
    one(bank.createCollection("accounts"));
    one(bank.createCollection("transfers"));
    MongoCollection<Document> accounts = bank.getCollection("accounts");
    MongoCollection<Document> transfers = bank.getCollection("transfers");
    one(accounts.insertOne(new Document("_id", "a").append("balance", 100)));
    EventStream<ChangeStreamDocument<Document>> stream =
        EventStream.open(bank.watch(), 3, openings);

    ClientSession session = one(client.startSession());
    try {
      session.startTransaction();
      one(accounts.updateOne(session, Filters.eq("_id", "a"), Updates.inc("balance", -30)));
      one(accounts.insertOne(session, new Document("_id", "b").append("balance", 30)));
      one(transfers.insertOne(session, new Document("_id", 1).append("amount", 30)));

      assertThat(all(transfers.find())).isEmpty();
      assertThat(one(accounts.find(Filters.eq("_id", "a")).first())).containsEntry("balance", 100);

      one(session.commitTransaction());

      assertThat(all(accounts.find().sort(new Document("_id", 1))))
          .containsExactly(
              new Document("_id", "a").append("balance", 70),
              new Document("_id", "b").append("balance", 30));
      assertThat(all(transfers.find())).hasSize(1);

      List<ChangeStreamDocument<Document>> events = stream.all();
      assertThat(events)
          .extracting(ChangeStreamDocument::getOperationType)
          .containsExactly(OperationType.UPDATE, OperationType.INSERT, OperationType.INSERT);
      assertThat(events)
          .extracting(event -> event.getNamespace().getFullName())
          .containsExactly("bank.accounts", "bank.accounts", "bank.transfers");
      assertThat(events)
          .extracting(ChangeStreamDocument::getClusterTime)
          .containsOnly(events.getFirst().getClusterTime());
      // Server sessions are pooled: the transaction's number is the session's latest, not 1.
      BsonDocument lsid = session.getServerSession().getIdentifier();
      BsonInt64 txnNumber = new BsonInt64(session.getServerSession().getTransactionNumber());
      assertThat(events)
          .allSatisfy(
              event -> {
                assertThat(event.getLsid()).isEqualTo(lsid);
                assertThat(event.getTxnNumber()).isEqualTo(txnNumber);
              });
    } finally {
      session.close();
    }
  }

  @Test
  void anAbortedTransactionLeavesNoDocumentAndNoEvent() {
    MongoDatabase shop = client.getDatabase("shop");
    one(shop.createCollection("orders"));
    MongoCollection<Document> orders = shop.getCollection("orders");
    EventStream<ChangeStreamDocument<Document>> stream =
        EventStream.open(orders.watch(), 1, openings);

    ClientSession session = one(client.startSession());
    try {
      session.startTransaction();
      one(orders.insertOne(session, new Document("_id", "aborted")));
      one(session.abortTransaction());
    } finally {
      session.close();
    }
    one(orders.insertOne(new Document("_id", "after")));

    assertThat(all(orders.find())).containsExactly(new Document("_id", "after"));
    assertThat(stream.all())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getDocumentKey().getString("_id").getValue()).isEqualTo("after"));
  }
}
