package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Facet;
import com.mongodb.client.model.Field;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UnwindOptions;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver, the manual's examples of the document-shaping stages: {@code
 * $project} and find's projection with computed fields, {@code $addFields}/{@code $set}, {@code
 * $unset}, {@code $replaceRoot}/{@code $replaceWith}, {@code $unwind}, {@code $sample}, {@code
 * $redact} and {@code $facet}, and their errors as the client sees them.
 */
class ShapingStagesWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase database;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    database = client.getDatabase("app");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private MongoCollection<Document> collection(String name, String... documents) {
    MongoCollection<Document> collection = database.getCollection(name);
    List<Document> parsed = new ArrayList<>();
    for (String document : documents) {
      parsed.add(Document.parse(document));
    }
    collection.insertMany(parsed);
    return collection;
  }

  private static List<Document> run(MongoCollection<Document> collection, Bson... stages) {
    return collection.aggregate(List.of(stages)).into(new ArrayList<>());
  }

  private static List<Document> docs(String... json) {
    return java.util.Arrays.stream(json).map(Document::parse).toList();
  }

  @Test
  void projectKeepsExcludesAndComputesFields() {
    MongoCollection<Document> books =
        collection(
            "books",
            "{_id: 1, title: 'abc123', isbn: '0001122223334', author: {last: 'zzz', first: 'aaa'},"
                + " copies: 5, lastModified: '2016-07-28'}");
    assertThat(run(books, Document.parse("{$project: {title: 1, author: 1}}")))
        .isEqualTo(docs("{_id: 1, title: 'abc123', author: {last: 'zzz', first: 'aaa'}}"));
    assertThat(run(books, Document.parse("{$project: {'author.first': 0, lastModified: 0}}")))
        .isEqualTo(
            docs(
                "{_id: 1, title: 'abc123', isbn: '0001122223334', author: {last: 'zzz'}, copies:"
                    + " 5}"));
    assertThat(
            run(
                books,
                Document.parse(
                    "{$project: {title: 1, lastName: '$author.last', copiesSold: '$copies',"
                        + " 'author.first': '$$REMOVE'}}")))
        // A computed path under a field the document lacks builds it, even when it removes.
        .isEqualTo(docs("{_id: 1, title: 'abc123', lastName: 'zzz', copiesSold: 5, author: {}}"));
  }

  @Test
  void findProjectionComputesFieldsToo() {
    MongoCollection<Document> books =
        collection("books", "{_id: 1, title: 'abc123', author: {last: 'zzz', first: 'aaa'}}");
    assertThat(
            books
                .find()
                .projection(
                    Document.parse(
                        "{_id: 0, title: 1, lastName: '$author.last', kind: {$literal: 'book'}}"))
                .into(new ArrayList<>()))
        .isEqualTo(docs("{title: 'abc123', lastName: 'zzz', kind: 'book'}"));
  }

  @Test
  void addFieldsAndSetCreateOverwriteAndRemoveFields() {
    MongoCollection<Document> vehicles =
        collection(
            "vehicles",
            "{_id: 1, type: 'car', specs: {doors: 4, wheels: 4}}",
            "{_id: 3, type: 'jet ski'}");
    assertThat(run(vehicles, Aggregates.addFields(new Field<>("specs.fuel_type", "unleaded"))))
        .isEqualTo(
            docs(
                "{_id: 1, type: 'car', specs: {doors: 4, wheels: 4, fuel_type: 'unleaded'}}",
                "{_id: 3, type: 'jet ski', specs: {fuel_type: 'unleaded'}}"));
    assertThat(
            run(
                vehicles,
                Aggregates.set(new Field<>("_id", "$type"), new Field<>("type", "$$REMOVE"))))
        .isEqualTo(docs("{_id: 'car', specs: {doors: 4, wheels: 4}}", "{_id: 'jet ski'}"));
  }

  @Test
  void unsetRemovesTopLevelAndEmbeddedFields() {
    MongoCollection<Document> books =
        collection(
            "books",
            "{_id: 1, title: 'Antelope Antics', isbn: '0001122223334', author: {last: 'An', first:"
                + " 'Auntie'}, copies: [{warehouse: 'A', qty: 5}, {warehouse: 'B', qty: 15}]}");
    assertThat(run(books, Aggregates.unset("isbn", "author.first", "copies.warehouse")))
        .isEqualTo(
            docs(
                "{_id: 1, title: 'Antelope Antics', author: {last: 'An'}, copies: [{qty: 5}, {qty:"
                    + " 15}]}"));
  }

  @Test
  void replaceRootPromotesAnEmbeddedDocumentAndRefusesAMissingOne() {
    MongoCollection<Document> people =
        collection(
            "people",
            "{_id: 1, name: 'Arlene', age: 34, pets: {dogs: 2, cats: 1}}",
            "{_id: 3, name: 'Maria', age: 25}");
    assertThat(
            run(people, Aggregates.match(new Document("_id", 1)), Aggregates.replaceRoot("$pets")))
        .isEqualTo(docs("{dogs: 2, cats: 1}"));
    assertThat(run(people, Aggregates.replaceWith(Document.parse("{who: '$name'}"))))
        .isEqualTo(docs("{who: 'Arlene'}", "{who: 'Maria'}"));
    assertThatThrownBy(() -> run(people, Aggregates.replaceRoot("$pets")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(40228);
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "PlanExecutor error during aggregation :: caused by :: "
                          + "'newRoot' expression must evaluate to an object, but resulting value was:"
                          + " MISSING. Type of resulting value: 'missing'. Input document: {_id:"
                          + " 3, name: \"Maria\", age: 25}");
            });
  }

  @Test
  void unwindGivesOneDocumentPerElementWithItsIndex() {
    MongoCollection<Document> clothing =
        collection(
            "clothing",
            "{_id: 1, item: 'Shirt', sizes: ['S', 'M']}",
            "{_id: 2, item: 'Shorts', sizes: []}",
            "{_id: 3, item: 'Hat', sizes: 'M'}",
            "{_id: 4, item: 'Gloves'}");
    assertThat(run(clothing, Aggregates.unwind("$sizes")))
        .isEqualTo(
            docs(
                "{_id: 1, item: 'Shirt', sizes: 'S'}",
                "{_id: 1, item: 'Shirt', sizes: 'M'}",
                "{_id: 3, item: 'Hat', sizes: 'M'}"));
    assertThat(
            run(
                clothing,
                Aggregates.unwind(
                    "$sizes",
                    new UnwindOptions()
                        .preserveNullAndEmptyArrays(true)
                        .includeArrayIndex("arrayIndex"))))
        .isEqualTo(
            docs(
                "{_id: 1, item: 'Shirt', sizes: 'S', arrayIndex: {$numberLong: '0'}}",
                "{_id: 1, item: 'Shirt', sizes: 'M', arrayIndex: {$numberLong: '1'}}",
                "{_id: 2, item: 'Shorts', arrayIndex: null}",
                "{_id: 3, item: 'Hat', sizes: 'M', arrayIndex: null}",
                "{_id: 4, item: 'Gloves', arrayIndex: null}"));
    assertThatThrownBy(() -> run(clothing, Document.parse("{$unwind: 'sizes'}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(28818);
              assertThat(e.getErrorMessage())
                  .isEqualTo("path option to $unwind stage should be prefixed with a '$': sizes");
            });
  }

  @Test
  void sampleDrawsDistinctDocuments() {
    MongoCollection<Document> users =
        collection("users", "{_id: 1}", "{_id: 2}", "{_id: 3}", "{_id: 4}", "{_id: 5}");
    List<Document> sample = run(users, Aggregates.sample(3));
    assertThat(sample).hasSize(3).doesNotHaveDuplicates();
    assertThat(docs("{_id: 1}", "{_id: 2}", "{_id: 3}", "{_id: 4}", "{_id: 5}"))
        .containsAll(sample);
  }

  @Test
  void redactPrunesTheSubDocumentsItIsToldTo() {
    MongoCollection<Document> reports =
        collection(
            "reports",
            "{_id: 1, level: 'descend', title: 'open', budget: {level: 'prune', total: 10},"
                + " parts: [{level: 'keep', text: 'a'}, {level: 'prune', text: 'b'}]}",
            "{_id: 2, level: 'prune'}");
    assertThat(run(reports, Document.parse("{$redact: '$level'}")))
        .isEqualTo(
            docs("{_id: 1, level: 'descend', title: 'open', parts: [{level: 'keep', text: 'a'}]}"));
  }

  @Test
  void facetRunsEachSubPipelineOverTheSameInput() {
    MongoCollection<Document> artwork =
        collection(
            "artwork",
            "{_id: 1, artist: 'Grosz', tags: ['painting', 'satire']}",
            "{_id: 2, artist: 'Munch', tags: ['woodcut']}",
            "{_id: 3, artist: 'Miro', tags: ['oil', 'painting']}");
    assertThat(
            run(
                artwork,
                Aggregates.facet(
                    new Facet(
                        "byTag",
                        Aggregates.unwind("$tags"),
                        Aggregates.group("$tags", Accumulators.sum("count", 1)),
                        Aggregates.sort(Sorts.descending("count")),
                        Aggregates.limit(1)),
                    new Facet("count", Aggregates.count("n")))))
        .isEqualTo(docs("{byTag: [{_id: 'painting', count: 2}], count: [{n: 3}]}"));
    assertThatThrownBy(() -> run(artwork, Document.parse("{$facet: {inner: [{$facet: {x: []}}]}}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(40600);
              assertThat(e.getErrorMessage())
                  .isEqualTo("$facet is not allowed to be used within a $facet stage");
            });
  }

  @Test
  void projectErrorsCarryMongoDbsContext() {
    MongoCollection<Document> books = collection("books", "{_id: 1, a: 1}");
    assertThatThrownBy(() -> run(books, Document.parse("{$project: {a: 1, b: 0}}")))
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(31254);
              assertThat(e.getErrorMessage())
                  .isEqualTo(
                      "Invalid $project :: caused by :: Cannot do exclusion on field b in"
                          + " inclusion projection");
            });
  }
}
