package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read-only views through the official Java driver, with the manual's "Create and Query a View"
 * students example: {@code createView}, reads resolved at query time, {@code listCollections}, the
 * 166 refusal of writes, {@code collMod} and {@code drop}, and the catalog across a restart.
 */
class ViewsWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase db;

  @BeforeEach
  void start() {
    startServer();
    db.getCollection("students")
        .insertMany(
            List.of(
                student(22001, "Alex", 1, 4.0),
                student(21001, "bernie", 2, 3.7),
                student(20010, "Chris", 3, 2.5),
                student(22021, "Drew", 1, 3.2),
                student(17301, "harley", 6, 3.1),
                student(21022, "Farmer", 1, 2.2),
                student(20020, "george", 3, 2.8),
                student(18020, "Harley", 5, 2.8)));
  }

  private void startServer() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    db = client.getDatabase("school");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private static Document student(int id, String name, int year, double score) {
    return new Document("sID", id).append("name", name).append("year", year).append("score", score);
  }

  private static List<Bson> firstYearsPipeline() {
    return List.of(new Document("$match", new Document("year", 1)));
  }

  @Test
  void theManualsFirstYearsViewListsTheFirstYearStudents() {
    db.createView("firstYears", "students", firstYearsPipeline());

    List<Document> found =
        db.getCollection("firstYears")
            .find()
            .projection(Projections.excludeId())
            .into(new ArrayList<>());

    assertThat(found)
        .containsExactly(
            student(22001, "Alex", 1, 4.0),
            student(22021, "Drew", 1, 3.2),
            student(21022, "Farmer", 1, 2.2));
  }

  @Test
  void findFilterSortSkipAndLimitApplyAfterTheViewsPipeline() {
    db.createView("firstYears", "students", firstYearsPipeline());

    List<Object> names =
        db.getCollection("firstYears")
            .find(Filters.gt("score", 2.5))
            .sort(Sorts.descending("score"))
            .skip(1)
            .limit(1)
            .map(d -> d.get("name"))
            .into(new ArrayList<>());

    assertThat(names).containsExactly("Drew");
  }

  @Test
  void aggregateCountAndDistinctOnAViewOfAView() {
    db.createView("firstYears", "students", firstYearsPipeline());
    db.createView(
        "goodFirstYears",
        "firstYears",
        List.of(new Document("$match", new Document("score", new Document("$gte", 3)))));
    MongoCollection<Document> good = db.getCollection("goodFirstYears");

    List<Document> averaged =
        good.aggregate(
                List.of(
                    new Document(
                        "$group",
                        new Document("_id", null)
                            .append("average", new Document("$avg", "$score")))))
            .into(new ArrayList<>());

    assertThat(averaged).containsExactly(new Document("_id", null).append("average", 3.6));
    assertThat(good.countDocuments()).isEqualTo(2);
    assertThat(good.estimatedDocumentCount()).isEqualTo(2);
    assertThat(good.countDocuments(Filters.eq("name", "Drew"))).isEqualTo(1);
    assertThat(good.distinct("name", String.class).into(new ArrayList<>()))
        .containsExactly("Alex", "Drew");
  }

  @Test
  void listCollectionsShowsTheViewWithItsDefinition() {
    db.createView("firstYears", "students", firstYearsPipeline());

    List<Document> views =
        db.listCollections().filter(Filters.eq("type", "view")).into(new ArrayList<>());

    assertThat(views)
        .containsExactly(
            new Document("name", "firstYears")
                .append("type", "view")
                .append(
                    "options",
                    new Document("viewOn", "students")
                        .append(
                            "pipeline", List.of(new Document("$match", new Document("year", 1)))))
                .append("info", new Document("readOnly", true)));
    assertThat(db.listCollectionNames().into(new ArrayList<>()))
        .containsExactly("firstYears", "students");
  }

  @Test
  void theViewSurvivesARestart() {
    db.createView("firstYears", "students", firstYearsPipeline());
    client.close();
    server.close();

    startServer();

    assertThat(db.getCollection("firstYears").countDocuments()).isEqualTo(3);
    assertThat(db.listCollectionNames().into(new ArrayList<>())).contains("firstYears");
  }

  /** The code and message of a server error, whichever exception shape the driver gives it. */
  private static Map.Entry<Integer, String> error(ThrowingCallable call) {
    try {
      call.call();
    } catch (MongoCommandException e) {
      return Map.entry(e.getErrorCode(), e.getErrorMessage());
    } catch (MongoWriteException e) {
      return Map.entry(e.getError().getCode(), e.getError().getMessage());
    } catch (MongoBulkWriteException e) {
      return Map.entry(
          e.getWriteErrors().getFirst().getCode(), e.getWriteErrors().getFirst().getMessage());
    } catch (MongoServerException e) {
      return Map.entry(e.getCode(), e.getMessage());
    } catch (Throwable e) {
      throw new AssertionError("not a server error", e);
    }
    throw new AssertionError("no error");
  }

  @Test
  void everyWriteToAViewFailsCommandNotSupportedOnView() {
    db.createView("firstYears", "students", firstYearsPipeline());
    MongoCollection<Document> view = db.getCollection("firstYears");
    Map.Entry<Integer, String> refused =
        Map.entry(166, "Namespace school.firstYears is a view, not a collection");

    List<ThrowingCallable> writes =
        List.of(
            () -> view.insertOne(new Document("name", "Zed")),
            () -> view.updateOne(Filters.eq("name", "Alex"), Updates.set("year", 2)),
            () -> view.deleteMany(Filters.empty()),
            () -> view.findOneAndUpdate(Filters.eq("name", "Alex"), Updates.set("year", 2)),
            () -> view.findOneAndDelete(Filters.eq("name", "Alex")),
            () -> view.bulkWrite(List.of(new InsertOneModel<>(new Document("name", "Zed")))),
            () -> view.createIndex(Indexes.ascending("name")));
    for (ThrowingCallable write : writes) {
      assertThat(error(write)).isEqualTo(refused);
    }
    assertThat(db.getCollection("students").countDocuments()).isEqualTo(8);
  }

  @Test
  void indexAndStorageCommandsOnAViewFailCommandNotSupportedOnView() {
    db.createView("firstYears", "students", firstYearsPipeline());
    MongoCollection<Document> view = db.getCollection("firstYears");
    Map.Entry<Integer, String> refused =
        Map.entry(166, "Namespace school.firstYears is a view, not a collection");

    assertThat(error(() -> view.listIndexes().into(new ArrayList<>()))).isEqualTo(refused);
    assertThat(error(() -> view.dropIndex("name_1"))).isEqualTo(refused);
    assertThat(error(() -> db.runCommand(new Document("collStats", "firstYears"))))
        .isEqualTo(refused);
    assertThat(
            error(
                () ->
                    view.aggregate(
                            List.of(
                                new Document(
                                    "$collStats", new Document("storageStats", new Document()))))
                        .first()))
        .isEqualTo(refused);
    assertThat(error(() -> view.find().explain()))
        .isEqualTo(
            Map.entry(238, "explain of a command on a view is not supported: school.firstYears"));
  }

  @Test
  void aViewCannotShareAName() {
    db.createView("firstYears", "students", firstYearsPipeline());

    assertThatThrownBy(() -> db.createView("students", "firstYears", List.of()))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(48);
              assertThat(e.getErrorMessage())
                  .isEqualTo("Collection school.students already exists.");
            });
  }

  @Test
  void aViewPipelineWithOutIsRefused() {
    assertThatThrownBy(
            () -> db.createView("copy", "students", List.of(new Document("$out", "elsewhere"))))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(167);
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "The aggregation stage $out in location 0 of the pipeline cannot be used in"
                          + " the view definition of school.copy because it writes to disk");
            });
  }

  @Test
  void aCycleThroughCollModIsRefused() {
    db.createView("a", "students", List.of());
    db.createView("b", "a", List.of());

    assertThatThrownBy(
            () ->
                db.runCommand(
                    new Document("collMod", "a")
                        .append("viewOn", "b")
                        .append("pipeline", List.of())))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(5);
              assertThat(e.getErrorMessage())
                  .isEqualTo("View cycle detected: school.a => school.b => school.a");
            });
  }

  @Test
  void collModChangesTheViewsPipeline() {
    db.createView("firstYears", "students", firstYearsPipeline());

    db.runCommand(
        new Document("collMod", "firstYears")
            .append("viewOn", "students")
            .append("pipeline", List.of(new Document("$match", new Document("year", 3)))));

    assertThat(
            db.getCollection("firstYears").find().map(d -> d.get("name")).into(new ArrayList<>()))
        .containsExactly("Chris", "george");
  }

  @Test
  void dropRemovesTheViewAndLeavesItsSource() {
    db.createView("firstYears", "students", firstYearsPipeline());

    db.getCollection("firstYears").drop();

    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("students");
    assertThat(db.getCollection("students").countDocuments()).isEqualTo(8);
  }

  @Test
  void lookupReadsFromAView() {
    db.createView("firstYears", "students", firstYearsPipeline());
    db.getCollection("years").insertOne(new Document("_id", 1));

    List<Document> joined =
        db.getCollection("years")
            .aggregate(
                List.of(
                    new Document(
                        "$lookup",
                        new Document("from", "firstYears")
                            .append("localField", "_id")
                            .append("foreignField", "year")
                            .append("as", "students")),
                    new Document(
                        "$project", new Document("count", new Document("$size", "$students")))))
            .into(new ArrayList<>());

    assertThat(joined).containsExactly(new Document("_id", 1).append("count", 3));
  }
}
