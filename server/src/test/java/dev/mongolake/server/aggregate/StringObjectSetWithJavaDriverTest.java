package dev.mongolake.server.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.mongolake.daktilo.Durability;
import dev.mongolake.server.MongoLakeServer;
import dev.mongolake.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the official Java driver: the string, object and set expression operators in {@code
 * $project} computed fields, with the manual's examples, and their errors as MongoDB reports them.
 */
class StringObjectSetWithJavaDriverTest {

  @TempDir Path data;
  private MongoLakeServer server;
  private MongoClient client;
  private MongoCollection<Document> items;

  @BeforeEach
  void start() {
    server =
        MongoLakeServer.start(
            new ServerConfig(data, "127.0.0.1", 0, false, Durability.BATCH, List.of("test")),
            "test");
    client = MongoClients.create(server.connectionString() + "?serverSelectionTimeoutMS=5000");
    items = client.getDatabase("app").getCollection("items");
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private List<Document> project(String projection) {
    return items
        .aggregate(
            List.of(
                Document.parse("{$sort: {_id: 1}}"),
                Document.parse("{$project: " + projection + "}")))
        .into(new ArrayList<>());
  }

  @Test
  void stringOperatorsFollowTheManualsExamples() {
    items.insertOne(
        Document.parse(
            "{_id: 1, item: 'ABC1', description: 'Product 1', city: 'Hanover, NH', v: 'cafétéria',"
                + " s: '  ggg  '}"));
    List<Document> out =
        project(
            "{_id: 0, itemDescription: {$concat: ['$item', ' - ', '$description']},"
                + " lower: {$toLower: '$item'}, upper: {$toUpper: '$description'},"
                + " cmp: {$strcasecmp: ['$item', 'abc1']},"
                + " bytes: {$substrBytes: ['$v', 0, 5]}, cps: {$substrCP: ['$v', 0, 5]},"
                + " lenBytes: {$strLenBytes: '$v'}, lenCP: {$strLenCP: '$v'},"
                + " at: {$indexOfCP: ['$v', 't']}, atByte: {$indexOfBytes: ['$v', 't']},"
                + " parts: {$split: ['$city', ', ']}, trimmed: {$trim: {input: '$s'}},"
                + " replaced: {$replaceAll: {input: '$description', find: '1', replacement: 'one'}},"
                + " missing: {$concat: ['$item', '$nope']}}");
    assertThat(out)
        .containsExactly(
            Document.parse(
                "{itemDescription: 'ABC1 - Product 1', lower: 'abc1', upper: 'PRODUCT 1', cmp: 0,"
                    + " bytes: 'café', cps: 'cafét', lenBytes: 11, lenCP: 9, at: 4, atByte: 5,"
                    + " parts: ['Hanover', 'NH'], trimmed: 'ggg', replaced: 'Product one',"
                    + " missing: null}"));
  }

  @Test
  void regexOperatorsReturnMatchesWithCodePointIndexes() {
    items.insertOne(Document.parse("{_id: 1, description: 'Single LINE description.'}"));
    List<Document> out =
        project(
            "{_id: 0, found: {$regexFind: {input: '$description', regex: 'line', options: 'i'}},"
                + " all: {$regexFindAll: {input: '$description', regex: /(i)n/}},"
                + " matches: {$regexMatch: {input: '$description', regex: /line/}}}");
    assertThat(out)
        .containsExactly(
            Document.parse(
                "{found: {match: 'LINE', idx: 7, captures: []},"
                    + " all: [{match: 'in', idx: 1, captures: ['i']}], matches: false}"));
  }

  @Test
  void objectOperatorsMergeConvertAndReachLiteralFieldNames() {
    items.insertOne(
        Document.parse(
            "{_id: 1, a: {x: 1, y: 2}, b: {y: 3}, 'price.usd': 45, pairs: [['k', 'v']]}"));
    List<Document> out =
        project(
            "{_id: 0, merged: {$mergeObjects: ['$a', '$b', null]},"
                + " asArray: {$objectToArray: '$b'}, asObject: {$arrayToObject: '$pairs'},"
                + " price: {$getField: 'price.usd'},"
                + " set: {$setField: {field: 'z', input: '$b', value: 9}},"
                + " unset: {$unsetField: {field: 'x', input: '$a'}}}");
    assertThat(out)
        .containsExactly(
            Document.parse(
                "{merged: {x: 1, y: 3}, asArray: [{k: 'y', v: 3}], asObject: {k: 'v'}, price: 45,"
                    + " set: {y: 3, z: 9}, unset: {y: 2}}"));
  }

  @Test
  void setOperatorsTreatArraysAsSets() {
    items.insertOne(Document.parse("{_id: 1, A: ['red', 'blue'], B: ['blue', 'red', 'blue']}"));
    items.insertOne(Document.parse("{_id: 2, A: ['red', 'blue'], B: ['green', 'red']}"));
    List<Document> out =
        project(
            "{_id: 0, same: {$setEquals: ['$A', '$B']}, common: {$setIntersection: ['$A', '$B']},"
                + " either: {$setUnion: ['$A', '$B']}, onlyB: {$setDifference: ['$B', '$A']},"
                + " subset: {$setIsSubset: ['$A', '$B']}, any: {$anyElementTrue: [[0, '$A']]},"
                + " all: {$allElementsTrue: [[1, null]]}}");
    assertThat(out)
        .containsExactly(
            Document.parse(
                "{same: true, common: ['blue', 'red'], either: ['blue', 'red'], onlyB: [],"
                    + " subset: true, any: true, all: false}"),
            Document.parse(
                "{same: false, common: ['red'], either: ['blue', 'green', 'red'],"
                    + " onlyB: ['green'], subset: false, any: true, all: false}"));
  }

  @Test
  void errorsCarryMongoDbsCodeAndMessage() {
    items.insertOne(Document.parse("{_id: 1, v: 'cafétéria', n: 5}"));
    MongoCommandException cut =
        catchThrowableOfType(
            MongoCommandException.class, () -> project("{x: {$substrBytes: ['$v', 7, 3]}}"));
    assertThat(cut.getErrorCode()).isEqualTo(28656);
    assertThat(cut.getErrorMessage())
        .isEqualTo(
            "PlanExecutor error during aggregation :: caused by :: "
                + "$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.");
    MongoCommandException notString =
        catchThrowableOfType(
            MongoCommandException.class, () -> project("{x: {$concat: ['a', '$n']}}"));
    assertThat(notString.getErrorCode()).isEqualTo(16702);
    assertThat(notString.getErrorMessage())
        .isEqualTo(
            "PlanExecutor error during aggregation :: caused by :: $concat only supports strings, not int");
    MongoCommandException notArrays =
        catchThrowableOfType(
            MongoCommandException.class, () -> project("{x: {$setDifference: ['$v', []]}}"));
    assertThat(notArrays.getErrorCode()).isEqualTo(17048);
    assertThat(notArrays.getErrorMessage())
        .isEqualTo(
            "PlanExecutor error during aggregation :: caused by :: "
                + "both operands of $setDifference must be arrays. First argument is of type: string");
    MongoCommandException notObject =
        catchThrowableOfType(
            MongoCommandException.class, () -> project("{x: {$mergeObjects: ['$n']}}"));
    assertThat(notObject.getErrorCode()).isEqualTo(40400);
    assertThat(notObject.getErrorMessage())
        .isEqualTo(
            "PlanExecutor error during aggregation :: caused by :: $mergeObjects requires object inputs, but input 5 is of type int");
  }
}
