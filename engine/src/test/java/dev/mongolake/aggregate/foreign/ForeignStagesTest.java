package dev.mongolake.aggregate.foreign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.model.IndexOptions;
import dev.mongolake.ErrorCode;
import dev.mongolake.MongoLake;
import dev.mongolake.MongoLakeCollection;
import dev.mongolake.MongoLakeCursor;
import dev.mongolake.MongoLakeDatabase;
import dev.mongolake.MongoLakeException;
import dev.mongolake.MongoLakeOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stages that read or write other collections, over an embedded MongoLake. */
class ForeignStagesTest {

  private static final Instant START = Instant.parse("2026-01-02T03:04:05Z");

  @TempDir Path root;
  private MongoLake lake;
  private MongoLakeDatabase db;

  @BeforeEach
  void open() {
    lake =
        MongoLake.open(
            MongoLakeOptions.defaults()
                .withPath(root)
                .withClock(Clock.fixed(START, ZoneOffset.UTC)));
    db = lake.db("app");
  }

  @AfterEach
  void close() {
    lake.close();
  }

  private MongoLakeCollection<BsonDocument> coll(String name, String... documents) {
    MongoLakeCollection<BsonDocument> collection = db.collection(name, BsonDocument.class);
    List<BsonDocument> parsed = new ArrayList<>();
    for (String document : documents) {
      parsed.add(BsonDocument.parse(document));
    }
    if (!parsed.isEmpty()) {
      collection.insertMany(parsed);
    }
    return collection;
  }

  private static List<BsonDocument> stages(String... stages) {
    List<BsonDocument> out = new ArrayList<>();
    for (String stage : stages) {
      out.add(BsonDocument.parse(stage));
    }
    return out;
  }

  private static List<BsonDocument> all(MongoLakeCursor<BsonDocument> cursor) {
    List<BsonDocument> out = new ArrayList<>();
    cursor.forEachRemaining(out::add);
    return out;
  }

  private static List<BsonDocument> docs(String... documents) {
    return stages(documents);
  }

  private static void assertRefused(Runnable run, ErrorCode code, String message) {
    assertThatThrownBy(run::run)
        .isInstanceOf(MongoLakeException.class)
        .hasMessage(message)
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(code);
  }

  private void manualOrdersAndInventory() {
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
        "{_id: 6}");
  }

  @Test
  void lookupEqualityJoinsAsTheManualShowsWithMissingLocalMatchingNullAndMissingForeign() {
    manualOrdersAndInventory();
    List<BsonDocument> out =
        all(
            db.collection("orders", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$lookup: {from: 'inventory', localField: 'item', foreignField: 'sku',"
                            + " as: 'inventory_docs'}}")));
    assertThat(out)
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, item: 'almonds', price: 12, quantity: 2, inventory_docs: [{_id: 1, sku:"
                    + " 'almonds', description: 'product 1', instock: 120}]}"),
            BsonDocument.parse(
                "{_id: 2, item: 'pecans', price: 20, quantity: 1, inventory_docs: [{_id: 4, sku:"
                    + " 'pecans', description: 'product 4', instock: 70}]}"),
            BsonDocument.parse(
                "{_id: 3, inventory_docs: [{_id: 5, sku: null, description: 'Incomplete'}, {_id:"
                    + " 6}]}"));
  }

  @Test
  void lookupLocalArrayMatchesAnyElementAndForeignArrayMatchesByElement() {
    coll("classes", "{_id: 1, enrollmentlist: ['giraffe2', 'pandabear']}");
    coll(
        "members",
        "{_id: 1, name: 'pandabear'}",
        "{_id: 2, name: 'giraffe2'}",
        "{_id: 3, name: ['x', 'giraffe2']}",
        "{_id: 4, name: 'other'}");
    db.collection("members", BsonDocument.class).createIndex(BsonDocument.parse("{name: 1}"));
    List<BsonDocument> out =
        all(
            db.collection("classes", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$lookup: {from: 'members', localField: 'enrollmentlist',"
                            + " foreignField: 'name', as: 'info'}}",
                        "{$project: {ids: '$info._id'}}")));
    // The index on name serves the join, so the order is the index's (unspecified, as in MongoDB).
    assertThat(out).hasSize(1);
    assertThat(out.getFirst().getArray("ids").getValues())
        .extracting(id -> id.asInt32().getValue())
        .containsExactlyInAnyOrder(1, 2, 3);
  }

  @Test
  void lookupPipelineSeesLetVariablesAndCommandLet() {
    coll("orders", "{_id: 1, item: 'a'}", "{_id: 2, item: 'b'}");
    coll("stock", "{_id: 10, n: 1}", "{_id: 11, n: 2}");
    List<BsonDocument> out =
        all(
            db.collection("orders", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$lookup: {from: 'stock', let: {it: '$item'}, pipeline: [{$match: {n:"
                            + " {$gte: 2}}}, {$group: {_id: '$$it', c: {$first: '$$tag'}}}], as:"
                            + " 'j'}}"),
                    BsonDocument.parse("{tag: 'T'}")));
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{_id: 1, item: 'a', j: [{_id: 'a', c: 'T'}]}"),
            BsonDocument.parse("{_id: 2, item: 'b', j: [{_id: 'b', c: 'T'}]}"));
  }

  @Test
  void lookupConciseFormFiltersBeforeThePipeline() {
    coll("orders", "{_id: 1, item: 'a'}");
    coll("stock", "{_id: 10, sku: 'a', n: 1}", "{_id: 11, sku: 'a', n: 5}", "{_id: 12, sku: 'b'}");
    List<BsonDocument> out =
        all(
            db.collection("orders", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$lookup: {from: 'stock', localField: 'item', foreignField: 'sku',"
                            + " pipeline: [{$match: {n: {$gt: 2}}}], as: 'j'}}")));
    assertThat(out)
        .containsExactly(BsonDocument.parse("{_id: 1, item: 'a', j: [{_id: 11, sku: 'a', n: 5}]}"));
  }

  @Test
  void lookupErrorsAreMongoDbs() {
    coll("orders", "{_id: 1}");
    MongoLakeCollection<BsonDocument> orders = db.collection("orders", BsonDocument.class);
    assertRefused(
        () -> orders.aggregate(stages("{$lookup: {from: 'x', localField: 'a', as: 'j'}}")),
        ErrorCode.FAILED_TO_PARSE,
        "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be"
            + " specified");
    assertRefused(
        () ->
            orders.aggregate(stages("{$lookup: {from: 'x', localField: 'a', foreignField: 'b'}}")),
        ErrorCode.FAILED_TO_PARSE,
        "must specify 'as' field for a $lookup");
    assertRefused(
        () -> orders.aggregate(stages("{$lookup: {from: 1, as: 'j', pipeline: []}}")),
        ErrorCode.FAILED_TO_PARSE,
        "$lookup 'from' field must be a string, but found int");
    assertRefused(
        () -> orders.aggregate(stages("{$lookup: {from: 'x', as: 'j', pipeline: [], bad: 'y'}}")),
        ErrorCode.FAILED_TO_PARSE,
        "unknown argument to $lookup: bad");
    assertRefused(
        () -> orders.aggregate(stages("{$lookup: {as: 'j', pipeline: [{$match: {}}]}}")),
        ErrorCode.FAILED_TO_PARSE,
        "$lookup stage without explicit collection must have a pipeline with $documents as first"
            + " stage");
    assertRefused(
        () -> orders.aggregate(stages("{$lookup: {from: 'x', as: 'j', pipeline: [{$out: 'y'}]}}")),
        ErrorCode.LOCATION_51047,
        "$out is not allowed within a $lookup's sub-pipeline");
  }

  @Test
  void joinOutputFieldsMustBeFieldPaths() {
    MongoLakeCollection<BsonDocument> orders = coll("orders", "{_id: 1}");
    assertRefused(
        () ->
            orders.aggregate(
                stages("{$lookup: {from: 'x', localField: 'a', foreignField: 'b', as: '$j'}}")),
        ErrorCode.LOCATION_16410,
        "FieldPath field names may not start with '$'. Consider using $getField or $setField.");
    assertRefused(
        () ->
            orders.aggregate(
                stages(
                    "{$graphLookup: {from: 'x', startWith: 1, connectFromField: 'a..b',"
                        + " connectToField: 'c', as: 'd'}}")),
        ErrorCode.LOCATION_15998,
        "FieldPath field names may not be empty strings.");
  }

  @Test
  void lookupMatchesARegularExpressionLocalValueByEqualityNotAsAPattern() {
    coll("local", "{_id: 1, k: {$regularExpression: {pattern: 'a', options: ''}}}");
    coll(
        "foreign",
        "{_id: 1, p: {$regularExpression: {pattern: 'a', options: ''}}}",
        "{_id: 2, p: 'a'}",
        "{_id: 3, p: 'abc'}");
    assertThat(
            all(
                db.collection("local", BsonDocument.class)
                    .aggregate(
                        stages(
                            "{$lookup: {from: 'foreign', localField: 'k', foreignField: 'p', as:"
                                + " 'j'}}",
                            "{$project: {ids: '$j._id'}}"))))
        .containsExactly(BsonDocument.parse("{_id: 1, ids: [1]}"));
  }

  @Test
  void lookupWithoutFromReadsItsDocuments() {
    coll("orders", "{_id: 1, k: 2}");
    List<BsonDocument> out =
        all(
            db.collection("orders", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$lookup: {localField: 'k', foreignField: 'v', pipeline: [{$documents:"
                            + " [{v: 1}, {v: 2}]}], as: 'j'}}")));
    assertThat(out).containsExactly(BsonDocument.parse("{_id: 1, k: 2, j: [{v: 2}]}"));
  }

  @Test
  void databaseAggregateStartsFromDocumentsAndSeesLetAndTheClocksNow() {
    List<BsonDocument> out =
        all(
            db.aggregate(
                stages(
                    "{$documents: [{x: 10}, {x: 2}, {x: 5}]}",
                    "{$group: {_id: null, total: {$sum: '$x'}, v: {$first: '$$v'}, now: {$first:"
                        + " '$$NOW'}}}"),
                BsonDocument.parse("{v: {$literal: 'L'}}")));
    assertThat(out)
        .containsExactly(
            BsonDocument.parse(
                "{_id: null, total: 17, v: 'L', now: {$date: '2026-01-02T03:04:05Z'}}"));
  }

  @Test
  void documentsIsRefusedOnACollectionAndOtherFirstStagesOnTheDatabase() {
    assertRefused(
        () -> db.collection("c", BsonDocument.class).aggregate(stages("{$documents: [{a: 1}]}")),
        ErrorCode.INVALID_NAMESPACE,
        "'$documents' can only be run with database or cluster-level aggregation");
    assertRefused(
        () -> db.aggregate(stages("{$match: {}}"), null),
        ErrorCode.INVALID_NAMESPACE,
        "{aggregate: 1} is not valid for '$match'; a collection is required.");
    assertRefused(
        () -> db.aggregate(stages("{$match: {}}", "{$documents: []}"), null),
        ErrorCode.LOCATION_40602,
        "$documents is only valid as the first stage in a pipeline");
    assertRefused(
        () -> all(db.aggregate(stages("{$documents: 1}"), null)),
        ErrorCode.LOCATION_5858203,
        "an array is expected");
  }

  @Test
  void unionWithAppendsTheOtherCollectionThroughItsPipeline() {
    coll("sales2019", "{_id: 1, store: 'A', q: 2}", "{_id: 2, store: 'B', q: 5}");
    coll("sales2020", "{_id: 3, store: 'A', q: 3}", "{_id: 4, store: 'C', q: 1}");
    List<BsonDocument> out =
        all(
            db.collection("sales2019", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$project: {store: 1, q: 1, _id: 0}}",
                        "{$unionWith: {coll: 'sales2020', pipeline: [{$project: {store: 1, q: 1,"
                            + " _id: 0}}]}}",
                        "{$group: {_id: '$store', total: {$sum: '$q'}}}",
                        "{$sort: {total: -1}}")));
    assertThat(out)
        .containsExactly(
            BsonDocument.parse("{_id: 'A', total: 5}"),
            BsonDocument.parse("{_id: 'B', total: 5}"),
            BsonDocument.parse("{_id: 'C', total: 1}"));
    assertThat(
            all(
                db.collection("sales2019", BsonDocument.class)
                    .aggregate(stages("{$match: {_id: 1}}", "{$unionWith: 'sales2020'}"))))
        .extracting(d -> d.getInt32("_id").getValue())
        .containsExactly(1, 3, 4);
    assertRefused(
        () ->
            db.collection("sales2019", BsonDocument.class)
                .aggregate(stages("{$unionWith: {coll: 'x', other: 1}}")),
        ErrorCode.IDL_UNKNOWN_FIELD,
        "BSON field '$unionWith.other' is an unknown field.");
  }

  @Test
  void graphLookupFollowsTheManualsReportingHierarchy() {
    coll(
        "employees",
        "{_id: 1, name: 'Dev'}",
        "{_id: 2, name: 'Eliot', reportsTo: 'Dev'}",
        "{_id: 3, name: 'Ron', reportsTo: 'Eliot'}",
        "{_id: 4, name: 'Andrew', reportsTo: 'Eliot'}",
        "{_id: 5, name: 'Asya', reportsTo: 'Ron'}",
        "{_id: 6, name: 'Dan', reportsTo: 'Andrew'}");
    List<BsonDocument> out =
        all(
            db.collection("employees", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$match: {_id: 5}}",
                        "{$graphLookup: {from: 'employees', startWith: '$reportsTo',"
                            + " connectFromField: 'reportsTo', connectToField: 'name', as:"
                            + " 'chain', depthField: 'd'}}",
                        "{$project: {names: '$chain.name', depths: '$chain.d'}}")));
    assertThat(out)
        .containsExactly(
            BsonDocument.parse(
                "{_id: 5, names: ['Ron', 'Eliot', 'Dev'], depths: [{$numberLong: '0'},"
                    + " {$numberLong: '1'}, {$numberLong: '2'}]}"));
    List<BsonDocument> limited =
        all(
            db.collection("employees", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$match: {_id: 5}}",
                        "{$graphLookup: {from: 'employees', startWith: '$reportsTo',"
                            + " connectFromField: 'reportsTo', connectToField: 'name', as:"
                            + " 'chain', maxDepth: 0}}",
                        "{$project: {names: '$chain.name'}}")));
    assertThat(limited).containsExactly(BsonDocument.parse("{_id: 5, names: ['Ron']}"));
    assertRefused(
        () ->
            db.collection("employees", BsonDocument.class)
                .aggregate(stages("{$graphLookup: {from: 'employees', as: 'x'}}")),
        ErrorCode.LOCATION_40105,
        "$graphLookup requires 'from', 'as', 'startWith', 'connectFromField', and"
            + " 'connectToField' to be specified.");
  }

  @Test
  void outReplacesTheTargetKeepingItsIndexesAndReturnsNothing() {
    coll("src", "{_id: 1, k: 'a'}", "{_id: 2, k: 'b'}");
    MongoLakeCollection<BsonDocument> target = coll("dst", "{_id: 9, k: 'old'}");
    target.createIndex(BsonDocument.parse("{k: 1}"), new IndexOptions().unique(true));
    assertThat(
            all(
                db.collection("src", BsonDocument.class)
                    .aggregate(stages("{$match: {_id: {$gte: 1}}}", "{$out: 'dst'}"))))
        .isEmpty();
    assertThat(all(target.find().iterator()))
        .containsExactlyInAnyOrderElementsOf(docs("{_id: 1, k: 'a'}", "{_id: 2, k: 'b'}"));
    assertThat(target.listIndexes())
        .extracting(i -> i.getString("name").getValue())
        .contains("k_1");
    assertThat(db.listCollectionNames()).containsExactlyInAnyOrder("src", "dst");
  }

  @Test
  void outWritesIntoAnotherDatabase() {
    coll("src", "{_id: 1}");
    assertThat(
            all(
                db.collection("src", BsonDocument.class)
                    .aggregate(stages("{$out: {db: 'reports', coll: 'copy'}}"))))
        .isEmpty();
    assertThat(all(lake.db("reports").collection("copy", BsonDocument.class).find().iterator()))
        .containsExactly(BsonDocument.parse("{_id: 1}"));
    assertThat(lake.db("reports").listCollectionNames()).containsExactly("copy");
  }

  @Test
  void outThatFailsLeavesTheTargetAsItWas() {
    coll("src", "{_id: 1, k: 'a'}", "{_id: 2, k: 'a'}");
    MongoLakeCollection<BsonDocument> target = coll("dst", "{_id: 9, k: 'old'}");
    target.createIndex(BsonDocument.parse("{k: 1}"), new IndexOptions().unique(true));
    assertThatThrownBy(
            () -> all(db.collection("src", BsonDocument.class).aggregate(stages("{$out: 'dst'}"))))
        .isInstanceOf(MongoLakeException.class)
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.DUPLICATE_KEY);
    assertThat(all(target.find().iterator()))
        .containsExactly(BsonDocument.parse("{_id: 9, k: 'old'}"));
    assertThat(db.listCollectionNames()).containsExactlyInAnyOrder("src", "dst");
    assertRefused(
        () ->
            db.collection("src", BsonDocument.class)
                .aggregate(stages("{$out: 'dst'}", "{$match: {}}")),
        ErrorCode.LOCATION_40601,
        "$out can only be the final stage in the pipeline");
  }

  @Test
  void outToASystemCollectionIsRefusedAsASpecialCollection() {
    coll("src", "{_id: 1}");
    MongoLakeCollection<BsonDocument> src = db.collection("src", BsonDocument.class);
    assertRefused(
        () -> src.aggregate(stages("{$out: 'system.x'}")),
        ErrorCode.LOCATION_17385,
        "Can't $out to special collection: system.x");
    assertRefused(
        () -> src.aggregate(stages("{$out: {db: 'reports', coll: 'system.views'}}")),
        ErrorCode.LOCATION_17385,
        "Can't $out to special collection: system.views");
    // The name's other rules come after, as in MongoDB.
    assertRefused(
        () -> src.aggregate(stages("{$out: 'a$b'}")),
        ErrorCode.INVALID_NAMESPACE,
        "Invalid $out target namespace, app.a$b");
    assertRefused(
        () -> src.aggregate(stages("{$out: {db: 'a b', coll: 'system.x'}}")),
        ErrorCode.INVALID_NAMESPACE,
        "Invalid $out target namespace, a b.system.x");
  }

  @Test
  void mergeWhenMatchedPipelineElementsMustBeObjects() {
    coll("src", "{_id: 1}");
    assertRefused(
        () ->
            db.collection("src", BsonDocument.class)
                .aggregate(stages("{$merge: {into: 'dst', whenMatched: [1]}}")),
        ErrorCode.TYPE_MISMATCH,
        "Each element of the 'pipeline' array must be an object");
  }

  @Test
  void mergeModesWriteAsMongoDbs() {
    coll("src", "{_id: 1, a: 10}", "{_id: 2, a: 20}");
    MongoLakeCollection<BsonDocument> target = coll("dst", "{_id: 1, a: 1, b: 1}");
    MongoLakeCollection<BsonDocument> src = db.collection("src", BsonDocument.class);
    all(src.aggregate(stages("{$merge: {into: 'dst'}}")));
    assertThat(all(target.find().iterator()))
        .containsExactly(
            BsonDocument.parse("{_id: 1, a: 10, b: 1}"), BsonDocument.parse("{_id: 2, a: 20}"));
    all(src.aggregate(stages("{$merge: {into: 'dst', whenMatched: 'replace'}}")));
    assertThat(all(target.find().iterator()))
        .containsExactly(
            BsonDocument.parse("{_id: 1, a: 10}"), BsonDocument.parse("{_id: 2, a: 20}"));
    all(
        src.aggregate(
            stages(
                "{$merge: {into: 'dst', whenMatched: [{$project: {a: 1, twice: {$literal: 2}}}],"
                    + " whenNotMatched: 'discard'}}")));
    assertThat(all(target.find().iterator()))
        .containsExactly(
            BsonDocument.parse("{_id: 1, a: 10, twice: 2}"),
            BsonDocument.parse("{_id: 2, a: 20, twice: 2}"));
    assertRefused(
        () ->
            all(
                src.aggregate(
                    stages(
                        "{$merge: {into: 'empty', whenMatched: 'merge', whenNotMatched:"
                            + " 'fail'}}"))),
        ErrorCode.MERGE_STAGE_NO_MATCHING_DOCUMENT,
        "$merge could not find a matching document in the target collection for at least one"
            + " document in the source collection");
    assertRefused(
        () -> all(src.aggregate(stages("{$merge: {into: 'dst', on: 'a'}}"))),
        ErrorCode.LOCATION_51183,
        "Cannot find index to verify that join fields will be unique");
    assertRefused(
        () -> src.aggregate(stages("{$merge: {into: 'dst', whenMatched: 'x'}}")),
        ErrorCode.BAD_VALUE,
        "Enumeration value 'x' for field '$merge.whenMatched' is not a valid value.");
    assertRefused(
        () ->
            src.aggregate(
                stages("{$merge: {into: 'dst', whenMatched: 'fail', whenNotMatched: 'discard'}}")),
        ErrorCode.LOCATION_51181,
        "Combination of $merge modes 'whenMatched: fail' and 'whenNotMatched: discard' is not"
            + " supported");
  }

  @Test
  void mergeOnAUniquelyIndexedFieldMatchesByIt() {
    coll("src", "{_id: 100, sku: 'a', n: 5}", "{_id: 101, sku: 'z', n: 7}");
    MongoLakeCollection<BsonDocument> target = coll("dst", "{_id: 1, sku: 'a', n: 1}");
    target.createIndex(BsonDocument.parse("{sku: 1}"), new IndexOptions().unique(true));
    all(
        db.collection("src", BsonDocument.class)
            .aggregate(
                stages(
                    "{$project: {_id: 0, sku: 1, n: 1}}",
                    "{$merge: {into: 'dst', on: 'sku', whenMatched: 'merge'}}")));
    List<BsonDocument> out = all(target.find().iterator());
    assertThat(out).hasSize(2);
    assertThat(out.getFirst()).isEqualTo(BsonDocument.parse("{_id: 1, sku: 'a', n: 5}"));
    assertThat(out.get(1).getString("sku").getValue()).isEqualTo("z");
    assertThat(out.get(1).get("_id").isObjectId()).isTrue();
  }

  @Test
  void outAndMergeWriteOnlyOnceTheirResultsAreRead() {
    coll("src", "{_id: 1}");
    MongoLakeCursor<BsonDocument> opened =
        db.collection("src", BsonDocument.class).aggregate(stages("{$out: 'dst'}"));
    assertThat(db.listCollectionNames()).containsExactly("src");
    assertThat(opened.hasNext()).isFalse();
    assertThat(db.listCollectionNames()).containsExactlyInAnyOrder("src", "dst");
    db.collection("src", BsonDocument.class).aggregate(stages("{$merge: 'other'}")).close();
    assertThat(db.listCollectionNames()).containsExactlyInAnyOrder("src", "dst");
  }

  @Test
  void commandLetMayNotReadDocuments() {
    coll("c", "{_id: 1, a: 1}");
    assertRefused(
        () ->
            db.collection("c", BsonDocument.class)
                .aggregate(stages("{$match: {}}"), BsonDocument.parse("{x: '$a'}")),
        ErrorCode.LOCATION_4890500,
        "Command let Expression tried to access a field, but this is not allowed because command"
            + " let expressions run before the query examines any documents.");
  }

  @Test
  void lookupFromAMissingCollectionJoinsNothing() {
    coll("orders", "{_id: 1, item: 'a'}");
    assertThat(
            all(
                db.collection("orders", BsonDocument.class)
                    .aggregate(
                        stages(
                            "{$lookup: {from: 'nothing', localField: 'item', foreignField:"
                                + " 'sku', as: 'deep.j'}}"))))
        .containsExactly(BsonDocument.parse("{_id: 1, item: 'a', deep: {j: []}}"));
  }

  @Test
  void unionWithADocumentsPipelineNeedsNoCollection() {
    coll("c", "{_id: 1}");
    assertThat(
            all(
                db.collection("c", BsonDocument.class)
                    .aggregate(stages("{$unionWith: {pipeline: [{$documents: [{a: 1}]}]}}"))))
        .containsExactly(BsonDocument.parse("{_id: 1}"), BsonDocument.parse("{a: 1}"));
    assertRefused(
        () ->
            db.collection("c", BsonDocument.class)
                .aggregate(stages("{$unionWith: {pipeline: [{$match: {}}]}}")),
        ErrorCode.FAILED_TO_PARSE,
        "$unionWith stage without explicit collection must have a pipeline with $documents as"
            + " first stage");
  }

  @Test
  void graphLookupRestrictSearchWithMatchFiltersEveryRound() {
    coll(
        "airports",
        "{_id: 0, airport: 'JFK', connects: ['BOS', 'ORD']}",
        "{_id: 1, airport: 'BOS', connects: ['JFK', 'PWM']}",
        "{_id: 2, airport: 'ORD', connects: ['JFK'], closed: true}",
        "{_id: 3, airport: 'PWM', connects: ['BOS', 'LHR']}",
        "{_id: 4, airport: 'LHR', connects: ['PWM']}");
    coll("travelers", "{_id: 1, name: 'Dev', nearestAirport: 'JFK'}");
    List<BsonDocument> out =
        all(
            db.collection("travelers", BsonDocument.class)
                .aggregate(
                    stages(
                        "{$graphLookup: {from: 'airports', startWith: '$nearestAirport',"
                            + " connectFromField: 'connects', connectToField: 'airport',"
                            + " maxDepth: 2, depthField: 'hops', as: 'dest',"
                            + " restrictSearchWithMatch: {closed: {$ne: true}}}}",
                        "{$project: {d: '$dest.airport', h: '$dest.hops'}}")));
    assertThat(out)
        .containsExactly(
            BsonDocument.parse(
                "{_id: 1, d: ['JFK', 'BOS', 'PWM'], h: [{$numberLong: '0'}, {$numberLong: '1'},"
                    + " {$numberLong: '2'}]}"));
  }

  @Test
  void mergeKeepExistingInsertsOnlyNewDocumentsAndFailRefusesAMatch() {
    coll("src", "{_id: 1, a: 10}", "{_id: 2, a: 20}");
    MongoLakeCollection<BsonDocument> target = coll("dst", "{_id: 1, a: 1}");
    MongoLakeCollection<BsonDocument> src = db.collection("src", BsonDocument.class);
    all(src.aggregate(stages("{$merge: {into: 'dst', whenMatched: 'keepExisting'}}")));
    assertThat(all(target.find().iterator()))
        .containsExactly(
            BsonDocument.parse("{_id: 1, a: 1}"), BsonDocument.parse("{_id: 2, a: 20}"));
    assertThatThrownBy(
            () -> all(src.aggregate(stages("{$merge: {into: 'dst', whenMatched: 'fail'}}"))))
        .isInstanceOf(MongoLakeException.class)
        .extracting(e -> ((MongoLakeException) e).errorCode())
        .isEqualTo(ErrorCode.DUPLICATE_KEY);
  }
}
