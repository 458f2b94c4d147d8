package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.GraphLookupOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.MergeOptions;
import com.mongodb.client.model.Variable;
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
 * Through the official Java driver, the manual's examples of the stages that read or write other
 * collections ({@code $lookup}, {@code $unionWith}, {@code $graphLookup}, {@code $out}, {@code
 * $merge}), {@code let} on aggregate, and a database-level {@code $documents} aggregation, with
 * MongoDB's errors.
 */
class LookupUnionOutMergeWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoDatabase db;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    db = client.getDatabase("app");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private MongoCollection<Document> coll(String name, String... documents) {
    MongoCollection<Document> collection = db.getCollection(name);
    List<Document> parsed = new ArrayList<>();
    for (String document : documents) {
      parsed.add(Document.parse(document));
    }
    if (!parsed.isEmpty()) {
      collection.insertMany(parsed);
    }
    return collection;
  }

  private static void assertCommandError(Runnable run, int code, String message) {
    assertThatThrownBy(run::run)
        .isInstanceOfSatisfying(
            MongoCommandException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(code);
              assertThat(e.getErrorMessage()).isEqualTo(message);
            });
  }

  @Test
  void lookupJoinsTheManualsOrdersAndInventoryThroughAnIndex() {
    MongoCollection<Document> orders =
        coll(
            "orders",
            "{_id: 1, item: 'almonds', price: 12, quantity: 2}",
            "{_id: 2, item: 'pecans', price: 20, quantity: 1}",
            "{_id: 3}");
    coll(
            "inventory",
            "{_id: 1, sku: 'almonds', description: 'product 1', instock: 120}",
            "{_id: 2, sku: 'bread', description: 'product 2', instock: 80}",
            "{_id: 3, sku: 'cashews', description: 'product 3', instock: 60}",
            "{_id: 4, sku: 'pecans', description: 'product 4', instock: 70}",
            "{_id: 5, sku: null, description: 'Incomplete'}",
            "{_id: 6}")
        .createIndex(Indexes.ascending("sku"));
    List<Document> out =
        orders
            .aggregate(List.of(Aggregates.lookup("inventory", "item", "sku", "inventory_docs")))
            .into(new ArrayList<>());
    assertThat(out)
        .containsExactly(
            Document.parse(
                "{_id: 1, item: 'almonds', price: 12, quantity: 2, inventory_docs: [{_id: 1, sku:"
                    + " 'almonds', description: 'product 1', instock: 120}]}"),
            Document.parse(
                "{_id: 2, item: 'pecans', price: 20, quantity: 1, inventory_docs: [{_id: 4, sku:"
                    + " 'pecans', description: 'product 4', instock: 70}]}"),
            Document.parse(
                "{_id: 3, inventory_docs: [{_id: 5, sku: null, description: 'Incomplete'}, {_id:"
                    + " 6}]}"));
  }

  @Test
  void lookupPipelineSeesItsLetVariablesAndTheCommandsLet() {
    MongoCollection<Document> orders = coll("orders", "{_id: 1, item: 'a'}");
    coll("stock", "{_id: 10, n: 1}", "{_id: 11, n: 3}");
    List<Bson> inner =
        List.of(
            Aggregates.match(Filters.gt("n", 2)),
            Document.parse(
                "{$group: {_id: '$$it', ids: {$push: '$_id'}, tag: {$first: '$$tag'}}}"));
    List<Document> out =
        orders
            .aggregate(
                List.of(
                    Aggregates.lookup(
                        "stock", List.of(new Variable<>("it", "$item")), inner, "joined")))
            .let(new Document("tag", "T"))
            .into(new ArrayList<>());
    assertThat(out)
        .containsExactly(
            Document.parse("{_id: 1, item: 'a', joined: [{_id: 'a', ids: [11], tag: 'T'}]}"));
  }

  @Test
  void databaseLevelDocumentsAggregationRunsAndACollectionRefusesIt() {
    List<Document> out =
        db.aggregate(
                List.of(
                    Document.parse("{$documents: [{x: 10}, {x: 2}, {x: 5}]}"),
                    Document.parse("{$group: {_id: null, total: {$sum: '$x'}}}")))
            .into(new ArrayList<>());
    assertThat(out).containsExactly(Document.parse("{_id: null, total: 17}"));
    assertCommandError(
        () ->
            coll("c", "{_id: 1}")
                .aggregate(List.of(Document.parse("{$documents: [{x: 1}]}")))
                .into(new ArrayList<>()),
        73,
        "'$documents' can only be run with database or cluster-level aggregation");
    assertCommandError(
        () -> db.aggregate(List.of(Aggregates.match(Filters.eq("a", 1)))).into(new ArrayList<>()),
        73,
        "{aggregate: 1} is not valid for '$match'; a collection is required.");
  }

  @Test
  void databaseLevelAggregationCursorsContinueWithGetMore() {
    List<Document> out =
        db.aggregate(List.of(Document.parse("{$documents: [{x: 1}, {x: 2}, {x: 3}]}")))
            .batchSize(1)
            .into(new ArrayList<>());
    assertThat(out)
        .containsExactly(
            Document.parse("{x: 1}"), Document.parse("{x: 2}"), Document.parse("{x: 3}"));
  }

  @Test
  void unionWithCombinesTheManualsSalesCollections() {
    MongoCollection<Document> first =
        coll(
            "sales_2017",
            "{store: 'General Store', item: 'Chocolates', quantity: 150}",
            "{store: 'ShopMart', item: 'Chocolates', quantity: 50}");
    coll(
        "sales_2018",
        "{store: 'General Store', item: 'Cookies', quantity: 100}",
        "{store: 'ShopMart', item: 'Cookies', quantity: 120}");
    List<Document> out =
        first
            .aggregate(
                List.of(
                    Aggregates.project(Document.parse("{_id: 0, store: 1, quantity: 1}")),
                    Aggregates.unionWith(
                        "sales_2018",
                        List.of(
                            Aggregates.project(Document.parse("{_id: 0, store: 1, quantity: 1}")))),
                    Document.parse("{$group: {_id: '$store', total: {$sum: '$quantity'}}}"),
                    Document.parse("{$sort: {total: -1}}")))
            .into(new ArrayList<>());
    assertThat(out)
        .containsExactly(
            Document.parse("{_id: 'General Store', total: 250}"),
            Document.parse("{_id: 'ShopMart', total: 170}"));
    assertCommandError(
        () ->
            first
                .aggregate(List.of(Document.parse("{$unionWith: {coll: 'x', other: 1}}")))
                .into(new ArrayList<>()),
        40415,
        "BSON field '$unionWith.other' is an unknown field.");
  }

  @Test
  void graphLookupFindsTheManualsReportingHierarchy() {
    MongoCollection<Document> employees =
        coll(
            "employees",
            "{_id: 1, name: 'Dev'}",
            "{_id: 2, name: 'Eliot', reportsTo: 'Dev'}",
            "{_id: 3, name: 'Ron', reportsTo: 'Eliot'}",
            "{_id: 4, name: 'Andrew', reportsTo: 'Eliot'}",
            "{_id: 5, name: 'Asya', reportsTo: 'Ron'}",
            "{_id: 6, name: 'Dan', reportsTo: 'Andrew'}");
    List<Document> out =
        employees
            .aggregate(
                List.of(
                    Aggregates.match(Filters.eq("name", "Dan")),
                    Aggregates.graphLookup(
                        "employees",
                        "$reportsTo",
                        "reportsTo",
                        "name",
                        "reportingHierarchy",
                        new GraphLookupOptions().depthField("depth")),
                    Aggregates.project(
                        Document.parse(
                            "{names: '$reportingHierarchy.name', d: '$reportingHierarchy.depth'}"))))
            .into(new ArrayList<>());
    assertThat(out)
        .containsExactly(
            Document.parse("{_id: 6, names: ['Andrew', 'Eliot', 'Dev'], d: [0, 1, 2]}")
                .append("d", List.of(0L, 1L, 2L)));
    assertCommandError(
        () ->
            employees
                .aggregate(List.of(Document.parse("{$graphLookup: {from: 'employees', as: 'x'}}")))
                .into(new ArrayList<>()),
        40105,
        "$graphLookup requires 'from', 'as', 'startWith', 'connectFromField', and"
            + " 'connectToField' to be specified.");
  }

  @Test
  void outReplacesTheTargetAndToCollectionReadsIt() {
    MongoCollection<Document> books =
        coll(
            "books",
            "{_id: 8751, title: 'The Banquet', author: 'Dante', copies: 2}",
            "{_id: 8752, title: 'Divine Comedy', author: 'Dante', copies: 1}",
            "{_id: 8645, title: 'Eclogues', author: 'Dante', copies: 2}",
            "{_id: 7000, title: 'The Odyssey', author: 'Homer', copies: 10}",
            "{_id: 7020, title: 'Iliad', author: 'Homer', copies: 10}");
    coll("authors", "{_id: 'stale'}");
    List<Document> out =
        books
            .aggregate(
                List.of(
                    Document.parse("{$sort: {_id: 1}}"),
                    Document.parse("{$group: {_id: '$author', books: {$push: '$title'}}}"),
                    Aggregates.out("authors")))
            .into(new ArrayList<>());
    // The driver runs the pipeline, then reads the replaced collection.
    assertThat(out)
        .containsExactly(
            Document.parse("{_id: 'Dante', books: ['Eclogues', 'The Banquet', 'Divine Comedy']}"),
            Document.parse("{_id: 'Homer', books: ['The Odyssey', 'Iliad']}"));
    assertThat(db.getCollection("authors").countDocuments()).isEqualTo(2);
    assertCommandError(
        () ->
            books
                .aggregate(List.of(Aggregates.out("authors"), Aggregates.match(Filters.eq("a", 1))))
                .into(new ArrayList<>()),
        40601,
        "$out can only be the final stage in the pipeline");
  }

  @Test
  void mergeUpdatesTheManualsBudgetsOnAUniqueIndex() {
    MongoCollection<Document> salaries =
        coll(
            "salaries",
            "{_id: 1, employee: 'Ant', dept: 'A', salary: 100000, fiscal_year: 2017}",
            "{_id: 2, employee: 'Bee', dept: 'A', salary: 120000, fiscal_year: 2017}",
            "{_id: 3, employee: 'Cat', dept: 'Z', salary: 115000, fiscal_year: 2017}");
    MongoCollection<Document> budgets = db.getCollection("budgets");
    budgets.insertOne(Document.parse("{_id: 1, dept: 'A', fiscal_year: 2017, salaries: 1}"));
    budgets.createIndex(Indexes.ascending("dept", "fiscal_year"), new IndexOptions().unique(true));
    salaries
        .aggregate(
            List.of(
                Document.parse(
                    "{$group: {_id: {fiscal_year: '$fiscal_year', dept: '$dept'}, salaries: {$sum:"
                        + " '$salary'}}}"),
                Aggregates.project(
                    Document.parse(
                        "{_id: 0, dept: '$_id.dept', fiscal_year: '$_id.fiscal_year', salaries:"
                            + " 1}")),
                Aggregates.merge(
                    "budgets",
                    new MergeOptions()
                        .uniqueIdentifier(List.of("dept", "fiscal_year"))
                        .whenMatched(MergeOptions.WhenMatched.MERGE)
                        .whenNotMatched(MergeOptions.WhenNotMatched.INSERT))))
        .toCollection();
    List<Document> out =
        budgets.find().projection(Document.parse("{_id: 0}")).into(new ArrayList<>());
    assertThat(out)
        .containsExactlyInAnyOrder(
            Document.parse("{dept: 'A', fiscal_year: 2017, salaries: 220000}"),
            Document.parse("{dept: 'Z', fiscal_year: 2017, salaries: 115000}"));
    assertCommandError(
        () ->
            salaries
                .aggregate(
                    List.of(
                        Aggregates.merge(
                            "budgets", new MergeOptions().uniqueIdentifier("employee"))))
                .toCollection(),
        51183,
        "Cannot find index to verify that join fields will be unique");
    assertCommandError(
        () ->
            salaries
                .aggregate(
                    List.of(
                        Aggregates.merge(
                            "empty",
                            new MergeOptions().whenNotMatched(MergeOptions.WhenNotMatched.FAIL))))
                .toCollection(),
        13113,
        "PlanExecutor error during aggregation :: caused by :: "
            + "$merge could not find a matching document in the target collection for at least one"
            + " document in the source collection");
  }

  @Test
  void lookupSpecificationErrorsAreMongoDbs() {
    MongoCollection<Document> orders = coll("orders", "{_id: 1}");
    assertCommandError(
        () ->
            orders
                .aggregate(
                    List.of(Document.parse("{$lookup: {from: 'x', localField: 'a', as: 'j'}}")))
                .into(new ArrayList<>()),
        9,
        "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be"
            + " specified");
  }

  @Test
  void explainingAnOutPipelineWritesNothing() {
    MongoCollection<Document> source = coll("source", "{_id: 1}");
    source
        .aggregate(List.of(Aggregates.out("copy")))
        .explain(com.mongodb.ExplainVerbosity.QUERY_PLANNER);
    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("source");
    assertCommandError(
        () ->
            source
                .aggregate(List.of(Aggregates.out("copy")))
                .explain(com.mongodb.ExplainVerbosity.EXECUTION_STATS),
        238,
        "Cannot explain $out with execution statistics: it would write; use the queryPlanner"
            + " verbosity");
    assertCommandError(
        () ->
            db.runCommand(
                new Document("aggregate", "source")
                    .append("pipeline", List.of(Document.parse("{$out: 'copy'}")))
                    .append("explain", true)),
        238,
        "aggregate's 'explain' option is not supported: use the explain command");
    assertThat(db.listCollectionNames().into(new ArrayList<>())).containsExactly("source");
  }
}
