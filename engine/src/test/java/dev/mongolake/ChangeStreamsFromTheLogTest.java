package dev.mongolake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded {@code watch()}: change events read from the write-ahead log. */
class ChangeStreamsFromTheLogTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeCollection<BsonDocument> users;

  @BeforeEach
  void open() {
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users", BsonDocument.class);
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static List<BsonDocument> read(MongoLakeChangeStream stream, int count) {
    List<BsonDocument> events = new ArrayList<>();
    while (events.size() < count && stream.await(Duration.ofSeconds(5))) {
      events.add(stream.next());
    }
    return events;
  }

  private static BsonDocument doc(String json) {
    return BsonDocument.parse(json);
  }

  @Test
  void aCollectionStreamReportsEachDocumentChangeThenInvalidatesOnDrop() {
    try (MongoLakeChangeStream stream = users.watch()) {
      users.insertOne(doc("{_id: 1, name: 'ada', tags: ['a', 'b', 'c'], address: {city: 'x'}}"));
      users.updateOne(
          doc("{_id: 1}"),
          doc("{$set: {'address.city': 'y'}, $unset: {name: 1}, $pop: {tags: 1}}"));
      users.replaceOne(doc("{_id: 1}"), doc("{_id: 1, whole: true}"));
      users.deleteOne(doc("{_id: 1}"));
      users.drop();

      List<BsonDocument> events = read(stream, 6);
      assertThat(events)
          .extracting(e -> e.getString("operationType").getValue())
          .containsExactly("insert", "update", "replace", "delete", "drop", "invalidate");
      BsonDocument insert = events.get(0);
      assertThat(insert.getDocument("ns")).isEqualTo(doc("{db: 'app', coll: 'users'}"));
      assertThat(insert.getDocument("documentKey")).isEqualTo(doc("{_id: 1}"));
      assertThat(insert.getDocument("fullDocument").getString("name").getValue()).isEqualTo("ada");
      assertThat(insert.get("clusterTime")).isInstanceOf(BsonTimestamp.class);
      assertThat(insert.getDocument("_id").getString("_data").getValue()).isNotEmpty();
      BsonDocument update = events.get(1);
      assertThat(update.containsKey("fullDocument")).isFalse();
      assertThat(update.getDocument("updateDescription"))
          .isEqualTo(
              doc(
                  "{updatedFields: {'address.city': 'y'}, removedFields: ['name'],"
                      + " truncatedArrays: [{field: 'tags', newSize: 2}]}"));
      assertThat(events.get(2).getDocument("fullDocument")).isEqualTo(doc("{_id: 1, whole: true}"));
      assertThat(events.get(3).getDocument("documentKey")).isEqualTo(doc("{_id: 1}"));
      assertThat(stream.exhausted()).isTrue();
    }
  }

  @Test
  void updateLookupCarriesTheDocumentAsItIsWhenRead() {
    try (MongoLakeChangeStream stream =
        users.watch(
            List.of(),
            ChangeStreamOptions.defaults()
                .withFullDocument(ChangeStreamOptions.FullDocument.UPDATE_LOOKUP))) {
      users.insertOne(doc("{_id: 1, n: 1}"));
      users.updateOne(doc("{_id: 1}"), doc("{$inc: {n: 1}}"));
      users.updateOne(doc("{_id: 1}"), doc("{$inc: {n: 1}}"));
      List<BsonDocument> events = read(stream, 3);
      assertThat(events.get(1).getDocument("fullDocument")).isEqualTo(doc("{_id: 1, n: 3}"));
      assertThat(events.get(1).getDocument("updateDescription").getDocument("updatedFields"))
          .isEqualTo(doc("{n: 2}"));
    }
  }

  @Test
  void aStreamResumesAfterATokenAlsoAfterARestart() {
    BsonDocument token;
    try (MongoLakeChangeStream stream = users.watch()) {
      users.insertOne(doc("{_id: 1}"));
      users.insertOne(doc("{_id: 2}"));
      token = read(stream, 1).getFirst().getDocument("_id");
    }
    lake.close();
    lake = MongoLake.open(root);
    users = lake.db("app").collection("users", BsonDocument.class);
    users.insertOne(doc("{_id: 3}"));
    try (MongoLakeChangeStream stream =
        users.watch(List.of(), ChangeStreamOptions.defaults().withResumeAfter(token))) {
      assertThat(read(stream, 2))
          .extracting(e -> e.getDocument("documentKey").get("_id"))
          .containsExactly(new BsonInt32(2), new BsonInt32(3));
    }
  }

  @Test
  void aTokenTheLogDoesNotHoldIsChangeStreamHistoryLost() {
    BsonDocument unknown = doc("{_data: '" + "0".repeat(15) + "1" + "0".repeat(14) + "99" + "00'}");
    assertThatThrownBy(
            () -> users.watch(List.of(), ChangeStreamOptions.defaults().withResumeAfter(unknown)))
        .isInstanceOf(MongoLakeException.class)
        .hasMessageContaining("resume token's position is not in the log")
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.CHANGE_STREAM_HISTORY_LOST);
  }

  @Test
  void matchAndProjectShapeTheEvents() {
    try (MongoLakeChangeStream stream =
        users.watch(
            List.of(
                Aggregates.match(Filters.eq("operationType", "delete")),
                Aggregates.project(doc("{documentKey: 1}"))),
            ChangeStreamOptions.defaults())) {
      users.insertOne(doc("{_id: 1}"));
      users.deleteOne(doc("{_id: 1}"));
      List<BsonDocument> events = read(stream, 1);
      assertThat(events).hasSize(1);
      assertThat(events.getFirst().keySet()).containsExactly("_id", "documentKey");
    }
  }

  @Test
  void aStageNotAllowedAfterChangeStreamIsIllegalOperation() {
    assertThatThrownBy(
            () ->
                users.watch(List.of(doc("{$group: {_id: null}}")), ChangeStreamOptions.defaults()))
        .isInstanceOf(MongoLakeException.class)
        .hasMessage("$group is not permitted in a $changeStream pipeline");
  }

  @Test
  void databaseAndDeploymentStreamsSeeTheirCollections() {
    try (MongoLakeChangeStream database = lake.db("app").watch();
        MongoLakeChangeStream deployment = lake.watch()) {
      users.insertOne(doc("{_id: 1}"));
      lake.db("other").collection("c", BsonDocument.class).insertOne(doc("{_id: 2}"));
      users.insertOne(doc("{_id: 3}"));
      assertThat(read(database, 2))
          .extracting(e -> e.getDocument("documentKey").get("_id"))
          .containsExactly(new BsonInt32(1), new BsonInt32(3));
      assertThat(read(deployment, 3))
          .extracting(e -> e.getDocument("ns").getString("db"))
          .containsExactly(new BsonString("app"), new BsonString("other"), new BsonString("app"));
    }
  }

  @Test
  void showExpandedEventsIsParsedAndOtherOptionsStillChecked() {
    assertThat(ChangeStreamOptions.parse(doc("{showExpandedEvents: true}")).showExpandedEvents())
        .isTrue();
    assertThat(ChangeStreamOptions.parse(doc("{}")).showExpandedEvents()).isFalse();
    assertThatThrownBy(() -> ChangeStreamOptions.parse(doc("{showExpandedEvents: 1}")))
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThatThrownBy(() -> ChangeStreamOptions.parse(doc("{showSystemEvents: true}")))
        .hasMessageContaining("showSystemEvents")
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.NOT_IMPLEMENTED);
    assertThat(ChangeStreamOptions.parse(doc("{showSystemEvents: false}")).showExpandedEvents())
        .isFalse();
    assertThatThrownBy(() -> ChangeStreamOptions.parse(doc("{fullDocumentBeforeChange: 'x'}")))
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.BAD_VALUE);
  }

  @Test
  void aCollectionWithPreAndPostImagesGivesEventsTheDocumentBeforeAndAfter() {
    MongoLakeDatabase app = lake.db("app");
    app.createCollection("kept", doc("{changeStreamPreAndPostImages: {enabled: true}}"));
    MongoLakeCollection<BsonDocument> kept = app.collection("kept", BsonDocument.class);
    kept.insertOne(doc("{_id: 1, v: 1}"));
    ChangeStreamOptions images =
        ChangeStreamOptions.defaults()
            .withFullDocument(ChangeStreamOptions.FullDocument.REQUIRED)
            .withFullDocumentBeforeChange(ChangeStreamOptions.FullDocumentBeforeChange.REQUIRED);
    try (MongoLakeChangeStream stream = kept.watch(List.of(), images)) {
      kept.updateOne(doc("{_id: 1}"), doc("{$inc: {v: 1}}"));
      kept.replaceOne(doc("{_id: 1}"), doc("{_id: 1, w: true}"));
      kept.deleteOne(doc("{_id: 1}"));
      List<BsonDocument> events = read(stream, 3);
      assertThat(events.get(0).getDocument("fullDocumentBeforeChange"))
          .isEqualTo(doc("{_id: 1, v: 1}"));
      assertThat(events.get(0).getDocument("fullDocument")).isEqualTo(doc("{_id: 1, v: 2}"));
      assertThat(events.get(1).getDocument("fullDocumentBeforeChange"))
          .isEqualTo(doc("{_id: 1, v: 2}"));
      assertThat(events.get(2).getDocument("fullDocumentBeforeChange"))
          .isEqualTo(doc("{_id: 1, w: true}"));
      assertThat(events.get(2).containsKey("fullDocument")).isFalse();
    }
    assertThat(app.collectionOptions("kept"))
        .contains(doc("{changeStreamPreAndPostImages: {enabled: true}}"));
  }

  @Test
  void droppingADatabaseEndsItsStreamsWithDropDatabaseAndInvalidate() {
    MongoLakeDatabase app = lake.db("app");
    app.collection("a", BsonDocument.class).insertOne(doc("{_id: 1}"));
    app.collection("b", BsonDocument.class).insertOne(doc("{_id: 1}"));
    try (MongoLakeChangeStream database = app.watch();
        MongoLakeChangeStream cluster = lake.watch()) {
      app.drop();
      List<BsonDocument> events = read(database, 4);
      assertThat(events)
          .extracting(e -> e.getString("operationType").getValue())
          .containsExactly("drop", "drop", "dropDatabase", "invalidate");
      assertThat(events.get(2).getDocument("ns")).isEqualTo(doc("{db: 'app'}"));
      assertThat(database.hasNext()).isFalse();
      assertThat(read(cluster, 3))
          .extracting(e -> e.getString("operationType").getValue())
          .containsExactly("drop", "drop", "dropDatabase");

      // Resuming after the last drop delivers the dropDatabase and the invalidate again.
      try (MongoLakeChangeStream resumed =
          app.watch(
              List.of(),
              ChangeStreamOptions.defaults().withResumeAfter(events.get(1).getDocument("_id")))) {
        assertThat(read(resumed, 2))
            .extracting(e -> e.getString("operationType").getValue())
            .containsExactly("dropDatabase", "invalidate");
      }
    }
  }

  @Test
  void documentEventsBecomeChangeDataCaptureRecordsWithTheirImages() {
    MongoLakeDatabase app = lake.db("app");
    app.createCollection("kept", doc("{changeStreamPreAndPostImages: {enabled: true}}"));
    MongoLakeCollection<BsonDocument> kept = app.collection("kept", BsonDocument.class);
    ChangeStreamOptions images =
        ChangeStreamOptions.defaults()
            .withFullDocument(ChangeStreamOptions.FullDocument.WHEN_AVAILABLE)
            .withFullDocumentBeforeChange(
                ChangeStreamOptions.FullDocumentBeforeChange.WHEN_AVAILABLE);
    try (MongoLakeChangeStream stream = kept.watch(List.of(), images)) {
      kept.insertOne(doc("{_id: 1, v: 1}"));
      kept.updateOne(doc("{_id: 1}"), doc("{$set: {v: 2}}"));
      kept.deleteOne(doc("{_id: 1}"));
      kept.drop();
      List<dev.mongolake.delta.cdc.CDCRecord> records = new ArrayList<>();
      for (BsonDocument event : read(stream, 5)) {
        ChangeRecords.of(event).ifPresent(records::add);
      }
      assertThat(records)
          .extracting(dev.mongolake.delta.cdc.CDCRecord::op)
          .containsExactly(
              dev.mongolake.delta.cdc.CDCRecord.Op.CREATE,
              dev.mongolake.delta.cdc.CDCRecord.Op.UPDATE,
              dev.mongolake.delta.cdc.CDCRecord.Op.DELETE);
      assertThat(records.get(1).before()).isEqualTo(doc("{_id: 1, v: 1}"));
      assertThat(records.get(1).after()).isEqualTo(doc("{_id: 1, v: 2}"));
      assertThat(records.get(2).before()).isEqualTo(doc("{_id: 1, v: 2}"));
      assertThat(records).allSatisfy(r -> assertThat(r.source()).isEqualTo("app.kept"));
      assertThat(records.get(0).seq()).isLessThan(records.get(1).seq());
    }
  }

  @Test
  void requiredImagesOfACollectionThatKeepsNoneFailTheStreamWhileWhenAvailableGivesNull() {
    users.insertOne(doc("{_id: 1, v: 1}"));
    ChangeStreamOptions whenAvailable =
        ChangeStreamOptions.defaults()
            .withFullDocument(ChangeStreamOptions.FullDocument.WHEN_AVAILABLE)
            .withFullDocumentBeforeChange(
                ChangeStreamOptions.FullDocumentBeforeChange.WHEN_AVAILABLE);
    try (MongoLakeChangeStream stream = users.watch(List.of(), whenAvailable)) {
      users.updateOne(doc("{_id: 1}"), doc("{$inc: {v: 1}}"));
      BsonDocument event = read(stream, 1).getFirst();
      assertThat(event.isNull("fullDocument")).isTrue();
      assertThat(event.isNull("fullDocumentBeforeChange")).isTrue();
    }
    try (MongoLakeChangeStream stream =
        users.watch(
            List.of(),
            ChangeStreamOptions.defaults()
                .withFullDocumentBeforeChange(
                    ChangeStreamOptions.FullDocumentBeforeChange.REQUIRED))) {
      users.deleteOne(doc("{_id: 1}"));
      assertThatThrownBy(() -> read(stream, 1))
          .extracting(e -> ((MongoLakeException) e).errorCode())
          .isEqualTo(ErrorCode.NO_MATCHING_DOCUMENT);
    }
  }

  @Test
  void aStreamOnALogWithoutRecordsResumesFromItsPostBatchToken() {
    BsonDocument token;
    try (MongoLakeChangeStream stream = users.watch()) {
      assertThat(stream.hasNext()).isFalse();
      token = stream.resumeToken();
    }
    users.insertOne(doc("{_id: 1}"));
    try (MongoLakeChangeStream stream =
        users.watch(List.of(), ChangeStreamOptions.defaults().withResumeAfter(token))) {
      assertThat(read(stream, 1))
          .extracting(e -> e.getString("operationType").getValue())
          .containsExactly("insert");
    }
  }
}
