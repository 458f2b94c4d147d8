package dev.mongolake.reactive;

import static dev.mongolake.reactive.Reactive.one;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.model.changestream.ChangeStreamDocument;
import com.mongodb.client.model.changestream.OperationType;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoCollection;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Change streams of the Reactive Streams driver across a clean stop and start of the server process
 * on the same data folder and port: a stream resumed after a token taken before the stop sees
 * exactly the events after it, written before the stop or after the start, and a stream left open
 * resumes by itself (the driver's automatic resume after a network error) without a gap or a
 * repeat.
 */
class ResumeAcrossARestartWithReactiveDriverTest {

  @TempDir Path folder;
  private ServerProcess server;
  private final StreamOpenings openings = new StreamOpenings();
  private MongoClient client;

  @BeforeEach
  void start() {
    server = ServerProcess.start(folder);
    client = Reactive.client(server, openings);
  }

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private MongoCollection<Document> items() {
    return client.getDatabase("app").getCollection("items");
  }

  private void insert(int id) {
    one(items().insertOne(new Document("_id", id).append("n", id)));
  }

  private static List<Integer> ids(List<ChangeStreamDocument<Document>> events) {
    return events.stream().map(event -> event.getDocumentKey().getInt32("_id").getValue()).toList();
  }

  @Test
  void aStreamResumedAfterATokenFromBeforeTheRestartSeesExactlyTheLaterEvents() {
    EventStream<ChangeStreamDocument<Document>> first =
        EventStream.open(items().watch(), 3, openings);
    insert(1);
    insert(2);
    insert(3);
    List<ChangeStreamDocument<Document>> read = first.all();
    assertThat(ids(read)).containsExactly(1, 2, 3);
    BsonDocument tokenAfterOne = read.getFirst().getResumeToken();
    insert(4);

    server.stop();
    server.startAgain();
    insert(5);

    EventStream<ChangeStreamDocument<Document>> resumed =
        EventStream.open(items().watch().resumeAfter(tokenAfterOne), 5, openings);
    insert(6);
    List<ChangeStreamDocument<Document>> events = resumed.all();
    assertThat(ids(events)).containsExactly(2, 3, 4, 5, 6);
    assertThat(events)
        .extracting(ChangeStreamDocument::getOperationType)
        .containsOnly(OperationType.INSERT);
    assertThat(events.get(2).getFullDocument()).isEqualTo(new Document("_id", 4).append("n", 4));
    assertThat(events.get(1).getResumeToken()).isEqualTo(read.get(2).getResumeToken());
  }

  @Test
  void anOpenStreamResumesByItselfAcrossARestart() {
    EventStream<ChangeStreamDocument<Document>> stream =
        EventStream.open(items().watch(), 4, openings);
    insert(1);
    insert(2);
    stream.awaitSeen(2);

    server.stop();
    server.startAgain();
    insert(3);
    insert(4);

    List<ChangeStreamDocument<Document>> events = stream.all();
    assertThat(ids(events)).containsExactly(1, 2, 3, 4);
    assertThat(openings.count())
        .as("the driver opened the stream again after the restart")
        .isGreaterThan(1);
  }
}
