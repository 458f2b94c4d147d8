package dev.mongolake.aggregate.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoNamespace;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeOptions;
import dev.mongolake.ReadOnlyView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Read-only views over an embedded MongoLake: the catalog, resolution and refused writes. */
class ViewsTest {

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeDatabase db;

  @BeforeEach
  void open() {
    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    db = lake.db("app");
    MongoLakeCollection<BsonDocument> students = db.collection("students", BsonDocument.class);
    students.insertMany(
        List.of(
            BsonDocument.parse("{_id: 1, name: 'Ann', year: 1, score: 80}"),
            BsonDocument.parse("{_id: 2, name: 'Bob', year: 2, score: 95}"),
            BsonDocument.parse("{_id: 3, name: 'Cid', year: 1, score: 70}"),
            BsonDocument.parse("{_id: 4, name: 'Dee', year: 3, score: 60}")));
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private static List<BsonDocument> stages(String... stages) {
    List<BsonDocument> out = new ArrayList<>();
    for (String stage : stages) {
      out.add(BsonDocument.parse(stage));
    }
    return out;
  }

  private List<BsonDocument> all(MongoLakeCursor<BsonDocument> cursor) {
    List<BsonDocument> out = new ArrayList<>();
    try (cursor) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  private MongoLakeCollection<BsonDocument> view(String name) {
    return db.collection(name, BsonDocument.class);
  }

  @Test
  void findOnAViewRunsItsPipelineThenTheQuery() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}", "{$unset: 'year'}"));

    List<BsonDocument> found =
        view("firstYears")
            .find(Filters.gte("score", 75))
            .projection(Projections.include("name"))
            .into(new ArrayList<>());

    assertThat(found).containsExactly(BsonDocument.parse("{_id: 1, name: 'Ann'}"));
  }

  @Test
  void findOnAViewAppliesSortSkipAndLimitAfterThePipeline() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));

    List<BsonDocument> found =
        view("firstYears")
            .find()
            .sort(Sorts.ascending("score"))
            .skip(1)
            .limit(1)
            .into(new ArrayList<>());

    assertThat(found).extracting(d -> d.getInt32("_id").getValue()).containsExactly(1);
  }

  @Test
  void aggregateOnAViewAppendsTheCommandPipeline() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));

    List<BsonDocument> result =
        all(view("firstYears").aggregate(stages("{$group: {_id: null, total: {$sum: '$score'}}}")));

    assertThat(result).containsExactly(BsonDocument.parse("{_id: null, total: 150}"));
  }

  @Test
  void viewsOfViewsResolveInnermostFirst() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));
    db.createView("names", "firstYears", stages("{$project: {_id: 0, name: 1}}"));

    assertThat(view("names").find().into(new ArrayList<>()))
        .containsExactlyInAnyOrder(
            BsonDocument.parse("{name: 'Ann'}"), BsonDocument.parse("{name: 'Cid'}"));
  }

  @Test
  void countAndDistinctReadTheViewsDocuments() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));

    assertThat(view("firstYears").countDocuments()).isEqualTo(2);
    assertThat(view("firstYears").estimatedDocumentCount()).isEqualTo(2);
    assertThat(view("firstYears").countDocuments(Filters.gt("score", 75))).isEqualTo(1);
    assertThat(view("firstYears").distinct("year", new BsonDocument(), Integer.class))
        .containsExactly(1);
  }

  @Test
  void aViewSeesWritesToItsSourceMadeAfterItsCreation() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));
    db.collection("students").insertOne(new Document("_id", 5).append("year", 1));

    assertThat(view("firstYears").countDocuments()).isEqualTo(3);
  }

  @Test
  void viewsPersistAcrossARestart() {
    db.createView("firstYears", "students", stages("{$match: {year: {$numberLong: '1'}}}"));
    lake.close();
    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    db = lake.db("app");

    assertThat(db.listViews())
        .containsExactly(
            new ReadOnlyView(
                "firstYears", "students", stages("{$match: {year: {$numberLong: '1'}}}")));
    // The pipeline keeps its BSON types (an Int64 stays one).
    assertThat(db.listViews().getFirst().pipeline().getFirst().getDocument("$match").get("year"))
        .isEqualTo(new BsonInt64(1));
    assertThat(view("firstYears").countDocuments()).isEqualTo(2);
  }

  @Test
  void droppedViewsStayDroppedAfterARestart() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));
    view("firstYears").drop();
    lake.close();
    lake = MongoLake.open(MongoLakeOptions.defaults().withPath(root));
    db = lake.db("app");

    assertThat(db.listViews()).isEmpty();
    assertThat(db.listCollectionNames()).containsExactly("students");
  }

  @Test
  void modifyViewChangesItsSourceAndPipeline() {
    db.collection("other").insertOne(new Document("_id", 9));
    db.createView("v", "students", stages("{$match: {year: 1}}"));

    db.modifyView("v", "other", stages());

    assertThat(view("v").find().into(new ArrayList<>()))
        .containsExactly(BsonDocument.parse("{_id: 9}"));
  }

  @Test
  void aViewCannotTakeTheNameOfACollectionOrView() {
    db.createView("v", "students", stages());

    assertThatThrownBy(() -> db.createView("students", "v", stages()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NAMESPACE_EXISTS))
        .hasMessage("Collection app.students already exists.");
    db.createView("v", "students", stages()); // the same view again changes nothing
    assertThatThrownBy(() -> db.createView("v", "students", stages("{$limit: 1}")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NAMESPACE_EXISTS))
        .hasMessage("A view already exists. NS: app.v");
    assertThatThrownBy(() -> db.createCollection("v"))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NAMESPACE_EXISTS))
        .hasMessage("A view already exists. NS: app.v");
  }

  @Test
  void aCycleOfViewsIsRefused() {
    db.createView("a", "b", stages());
    db.createView("b", "c", stages());

    assertThatThrownBy(() -> db.createView("c", "a", stages()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.GRAPH_CONTAINS_CYCLE))
        .hasMessage("View cycle detected: app.c => app.a => app.b => app.c");
    assertThatThrownBy(() -> db.modifyView("a", "a", stages()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.GRAPH_CONTAINS_CYCLE))
        .hasMessage("View cycle detected: app.a => app.a");
  }

  @Test
  void aChainDeeperThanTwentyViewsIsRefused() {
    db.createView("v1", "students", stages());
    for (int i = 2; i <= 20; i++) {
      db.createView("v" + i, "v" + (i - 1), stages());
    }
    assertThat(view("v20").countDocuments()).isEqualTo(4);

    assertThatThrownBy(() -> db.createView("v21", "v20", stages()))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.VIEW_DEPTH_LIMIT_EXCEEDED);
              // MongoDB's number for ViewDepthLimitExceeded (149 is NoConfigPrimary).
              assertThat(e.errorCode().code()).isEqualTo(165);
            })
        .hasMessage("View depth limit exceeded; maximum depth is 20");
  }

  @Test
  void aPipelineThatWritesIsRefusedAtCreation() {
    assertThatThrownBy(() -> db.createView("v", "students", stages("{$out: 'copy'}")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.OPTION_NOT_SUPPORTED_ON_VIEW))
        .hasMessage(
            "The aggregation stage $out in location 0 of the pipeline cannot be used in the view"
                + " definition of app.v because it writes to disk");
    assertThat(db.listViews()).isEmpty();
  }

  @Test
  void anInvalidPipelineIsRefusedAtCreation() {
    assertThatThrownBy(() -> db.createView("v", "students", stages("{$bogus: 1}")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOCATION_40324))
        .hasMessage("Unrecognized pipeline stage name: '$bogus'");
    assertThat(db.listViews()).isEmpty();
  }

  @Test
  void writesToAViewAreRefused() {
    db.createView("v", "students", stages());
    MongoLakeCollection<Document> v = db.collection("v");
    String message = "Namespace app.v is a view, not a collection";

    List<ThrowingCallable> writes =
        List.of(
            () -> v.insertOne(new Document("x", 1)),
            () -> v.updateOne(Filters.eq("_id", 1), Updates.set("x", 1)),
            () -> v.updateMany(new BsonDocument(), Updates.set("x", 1)),
            () -> v.deleteOne(Filters.eq("_id", 1)),
            () -> v.deleteMany(new BsonDocument()),
            () -> v.findOneAndUpdate(Filters.eq("_id", 1), Updates.set("x", 1)),
            () -> v.createIndex(new Document("x", 1)),
            () -> v.listIndexes(),
            () -> v.indexAccesses());
    for (var write : writes) {
      assertThatThrownBy(write)
          .isInstanceOfSatisfying(
              MongoLakeException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW))
          .hasMessage(message);
    }
    assertThat(db.collection("students").countDocuments()).isEqualTo(4);
    assertThat(db.listCollectionNames()).containsExactly("students");
  }

  @Test
  void lookupAndUnionWithReadFromAView() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));
    db.collection("years").insertOne(new Document("_id", 1));

    List<BsonDocument> joined =
        all(
            db.collection("years", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$lookup: {from: 'firstYears', localField: '_id', foreignField: 'year',"
                            + " as: 's', pipeline: [{$project: {_id: 1}}]}}",
                        "{$unionWith: {coll: 'firstYears', pipeline: [{$project: {name: 1}}]}}")));

    assertThat(joined)
        .containsExactly(
            BsonDocument.parse("{_id: 1, s: [{_id: 1}, {_id: 3}]}"),
            BsonDocument.parse("{_id: 1, name: 'Ann'}"),
            BsonDocument.parse("{_id: 3, name: 'Cid'}"));
  }

  @Test
  void graphLookupReadsFromAView() {
    db.createView("firstYears", "students", stages("{$match: {year: 1}}"));
    db.collection("starts").insertOne(new Document("_id", "s").append("first", 1));

    List<BsonDocument> joined =
        all(
            db.collection("starts", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$graphLookup: {from: 'firstYears', startWith: '$first',"
                            + " connectFromField: 'none', connectToField: '_id', as: 'found'}}",
                        "{$project: {names: '$found.name'}}")));

    assertThat(joined).containsExactly(BsonDocument.parse("{_id: 's', names: ['Ann']}"));
  }

  @Test
  void aViewCannotBeRenamedNorRenamedOnto() {
    db.createView("v", "students", stages());

    assertThatThrownBy(() -> view("v").renameCollection(new MongoNamespace("app", "w")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.COMMAND_NOT_SUPPORTED_ON_VIEW))
        .hasMessage("cannot rename view: app.v");
    assertThatThrownBy(
            () -> db.collection("students").renameCollection(new MongoNamespace("app", "v")))
        .isInstanceOfSatisfying(
            MongoLakeException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NAMESPACE_EXISTS))
        .hasMessage("a view already exists with that name: app.v");
    assertThat(db.listCollectionNames()).containsExactly("students");
  }

  @Test
  void aViewOnAMissingCollectionReadsEmpty() {
    db.createView("v", "notYet", stages());

    assertThat(view("v").find().into(new ArrayList<>())).isEmpty();
    assertThat(view("v").countDocuments()).isZero();
  }

  @Test
  void droppingTheDatabaseDropsItsViews() {
    db.createView("v", "students", stages());

    db.drop();

    assertThat(db.listViews()).isEmpty();
  }

  @Test
  void aViewReadUsesTheSourcesIndexes() {
    db.collection("students").createIndex(new Document("score", 1));
    db.createView("v", "students", stages("{$match: {score: {$gt: 90}}}"));

    assertThat(view("v").find().into(new ArrayList<>()))
        .extracting(d -> d.get("_id"))
        .containsExactly(new BsonInt32(2));
    assertThat(db.collection("students").indexAccesses().get(1).ops()).isEqualTo(1);
  }
}
